import { describe, expect, it } from 'vitest';
import { DeliveryFailedError } from './errors.ts';
import { createInProcessTransport, InProcessBus } from './in-process-transport.ts';
import type { OutgoingMessage } from './transport.ts';

const message = (key: string, value: string, topic = 'task-completed'): OutgoingMessage => ({
  topic,
  key,
  value,
  headers: {},
});
const transportOn = (bus = new InProcessBus()) => createInProcessTransport({ bus, deliveryTimeoutMs: 2_000 });

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

  it('redelivers a message whose handler rejected, and keeps the ones behind it waiting', async () => {
    const transport = transportOn();
    const seen: string[] = [];
    let failures = 2;
    await transport.subscribe({
      groupId: 'a',
      topics: ['task-completed'],
      handle: async (incoming) => {
        seen.push(incoming.value);
        if (incoming.value === '1' && failures-- > 0) throw new Error('database unavailable');
      },
    });
    await transport.send([message('k', '1'), message('k', '2')]);
    expect(seen).toEqual(['1', '1', '1', '2']);
    await transport.close();
  });

  it('keeps the messages of a topic nobody consumes yet for the first group that subscribes to it', async () => {
    const transport = transportOn();
    await transport.send([message('k', 'before anyone listened')]);
    const seen: string[] = [];
    const late = await transport.subscribe({
      groupId: 'late',
      topics: ['task-completed'],
      handle: async (incoming) => void seen.push(incoming.value),
    });
    await transport.send([message('k', 'after')]);
    expect(seen).toEqual(['before anyone listened', 'after']);
    await late.stop();
  });

  it('keeps a stopped group’s messages for its next subscription, and send waits for it', async () => {
    const transport = transportOn();
    const seen: string[] = [];
    const subscribe = () =>
      transport.subscribe({
        groupId: 'restarting',
        topics: ['task-completed'],
        handle: async (incoming) => void seen.push(incoming.value),
      });
    await (await subscribe()).stop();
    let sent = false;
    const sending = transport.send([message('k', 'while stopped')]).then(() => {
      sent = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBe(false);
    const again = await subscribe();
    await sending;
    expect(seen).toEqual(['while stopped']);
    expect(await again.lag()).toBe(0);
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

  it('fails a send that no consumer applies in time, dropping the copies not taken (the relay sends them again)', async () => {
    const transport = createInProcessTransport({ bus: new InProcessBus(), deliveryTimeoutMs: 100 });
    const stuck = await transport.subscribe({
      groupId: 'stuck',
      topics: ['task-completed'],
      handle: () => new Promise(() => undefined),
    });
    await expect(transport.send([message('k', 'x'), message('k', 'y')])).rejects.toBeInstanceOf(
      DeliveryFailedError,
    );
    // 'x' is in the handler's hands; 'y' left the queue with the failed send.
    expect(await stuck.lag()).toBe(1);
  });

  it('stops waiting when the relay aborts the send', async () => {
    const transport = createInProcessTransport({ bus: new InProcessBus() });
    await transport.subscribe({
      groupId: 'stuck',
      topics: ['task-completed'],
      handle: () => new Promise(() => undefined),
    });
    const controller = new AbortController();
    const sending = transport.send([message('k', 'x')], { signal: controller.signal });
    controller.abort();
    await expect(sending).rejects.toThrow('aborted');
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
