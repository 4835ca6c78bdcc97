import { describe, expect, it } from 'vitest';
import { DeliveryFailedError } from './errors.ts';
import { createInProcessTransport, InProcessBus } from './in-process-transport.ts';
import type { OutgoingMessage } from './transport.ts';

const message = (key: string, value: string): OutgoingMessage => ({
  topic: 'task-completed',
  key,
  value,
  headers: {},
});
const transportOn = () => createInProcessTransport({ bus: new InProcessBus() });

describe('in-process transport', () => {
  it('resolves send only after every subscribed group applied the messages, in order', async () => {
    const transport = transportOn();
    const applied: Record<string, string[]> = { a: [], b: [] };
    for (const group of ['a', 'b'] as const) {
      await transport.subscribe({
        groupId: group,
        topics: ['task-completed'],
        handle: async (incoming) => {
          await new Promise((resolve) => setTimeout(resolve, 2));
          applied[group]?.push(incoming.value);
        },
      });
    }
    await transport.send(['1', '2', '3'].map((value) => message('k', value)));
    expect(applied).toEqual({ a: ['1', '2', '3'], b: ['1', '2', '3'] });
    await transport.close();
  });

  it('lets the message in hand finish when its group stops, and acknowledges it', async () => {
    const transport = transportOn();
    let started: () => void = () => undefined;
    const handling = new Promise<void>((resolve) => {
      started = resolve;
    });
    const seen: string[] = [];
    const subscription = await transport.subscribe({
      groupId: 'stopping',
      topics: ['task-completed'],
      handle: async (incoming) => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen.push(incoming.value);
      },
    });
    const sending = transport.send([message('k', 'in hand')]);
    await handling;
    await subscription.stop();
    await sending;
    expect(seen).toEqual(['in hand']);
    expect(await subscription.lag()).toBe(0);
  });

  it('waits for a declared group that has not subscribed yet, so a starting process loses nothing', async () => {
    const transport = transportOn();
    transport.declareGroup?.('starting', ['task-completed']);
    let sent = false;
    const sending = transport.send([message('k', 'early')]).then(() => {
      sent = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBe(false);
    const seen: string[] = [];
    await transport.subscribe({
      groupId: 'starting',
      topics: ['task-completed'],
      handle: async (incoming) => void seen.push(incoming.value),
    });
    await sending;
    expect(seen).toEqual(['early']);
    await transport.close();
  });

  it('stops waiting when the relay aborts the send, dropping the copies not taken (the relay sends them again)', async () => {
    const transport = transportOn();
    let started: () => void = () => undefined;
    const handling = new Promise<void>((resolve) => {
      started = resolve;
    });
    const stuck = await transport.subscribe({
      groupId: 'stuck',
      topics: ['task-completed'],
      handle: () => {
        started();
        return new Promise(() => undefined);
      },
    });
    const controller = new AbortController();
    const sending = transport.send([message('k', 'x'), message('k', 'y')], { signal: controller.signal });
    await handling;
    controller.abort();
    await expect(sending).rejects.toBeInstanceOf(DeliveryFailedError);
    // 'x' is in the handler's hands; 'y' left the queue with the failed send.
    expect(await stuck.lag()).toBe(1);
  });

  it('refuses a second active subscription of the same group', async () => {
    const transport = transportOn();
    await transport.subscribe({ groupId: 'a', topics: ['task-completed'], handle: async () => undefined });
    await expect(
      transport.subscribe({ groupId: 'a', topics: ['task-completed'], handle: async () => undefined }),
    ).rejects.toThrow('already subscribed');
    await transport.close();
  });
});
