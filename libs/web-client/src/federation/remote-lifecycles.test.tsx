import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppQueryClient } from '../api/query-client.ts';
import { createRemoteLifecycles } from './remote-lifecycles.tsx';

const Screen = () => <h1>The screen</h1>;

type Lifecycles = ReturnType<typeof createRemoteLifecycles>;

/** A fresh element, and the props single-spa would mount a remote into it with. */
function mountInto() {
  const element = document.createElement('div');
  document.body.append(element);
  const props = {
    name: 'test-remote',
    queryClient: createAppQueryClient(),
    domElementGetter: () => element,
    // What single-spa adds to every application's props.
    singleSpa: {},
    mountParcel: () => undefined,
  } as unknown as Parameters<Lifecycles['mount']>[0];
  return { element, props };
}

const deferred = () => {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

// Mounted as single-spa mounts it, on React's own scheduler: a mount resolves once the root has
// rendered, which act() would hold back until the mount resolved.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});
afterEach(() => {
  document.body.replaceChildren();
});

describe('createRemoteLifecycles', () => {
  it('renders nothing until beforeMount has settled, then the screen', async () => {
    const screenCode = deferred();
    const lifecycles = createRemoteLifecycles(Screen, { beforeMount: () => screenCode.promise });
    const { element, props } = mountInto();
    await lifecycles.bootstrap(props);
    const mounted = lifecycles.mount(props);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(element.textContent).toBe('');
    screenCode.resolve();
    await mounted;
    expect(element.textContent).toBe('The screen');
    await lifecycles.unmount(props);
  });

  it('mounts all the same when beforeMount fails (the screen then fetches its code itself)', async () => {
    const screenCode = deferred();
    const lifecycles = createRemoteLifecycles(Screen, { beforeMount: () => screenCode.promise });
    const { element, props } = mountInto();
    await lifecycles.bootstrap(props);
    const mounted = lifecycles.mount(props);
    screenCode.reject(new Error('chunk failed'));
    await mounted;
    expect(element.textContent).toBe('The screen');
    await lifecycles.unmount(props);
  });

  it('mounts at once without beforeMount', async () => {
    const lifecycles = createRemoteLifecycles(Screen);
    const { element, props } = mountInto();
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    expect(element.textContent).toBe('The screen');
    await lifecycles.unmount(props);
  });
});
