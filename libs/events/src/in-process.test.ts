import { describe } from 'vitest';
import { createInProcessTransport, InProcessBus } from './in-process-transport.ts';
import { describeEventBackbone } from './testing/backbone-suite.ts';
import { describeProcessCrash } from './testing/process-crash-suite.ts';
import type { Transport } from './transport.ts';

/** The embedded transport of `npm start`; an "outage" makes every send fail, like a broker that is down. */
describe('event backbone on the in-process transport', () => {
  describeEventBackbone({
    waitMs: 10_000,
    testMs: 20_000,
    outageTestMs: 30_000,
    setup: async (logger) => {
      const inner = createInProcessTransport({ bus: new InProcessBus(), logger });
      let down = false;
      const transport: Transport = {
        ...inner,
        kind: inner.kind,
        send: async (messages, options) => {
          if (down) throw new Error('transport unavailable');
          await inner.send(messages, options);
        },
      };
      return {
        transport,
        takeDown: async () => {
          down = true;
        },
        bringUp: async () => {
          down = false;
        },
        close: () => inner.close(),
      };
    },
  });
});

describe('consumer process killed between effect and acknowledgement (in-process)', () => {
  describeProcessCrash(() => null);
});
