import { describe, expect, it } from 'vitest';
import { DeliveryFailedError } from './errors.ts';
import { createInProcessTransport, InProcessBus } from './in-process-transport.ts';
import type { IncomingMessage, OutgoingMessage } from './transport.ts';

const message = (key: string, value: string, topic = 'task-completed'): OutgoingMessage => ({
  topic,
  key,
  value,
  headers: {},
});
const fastTransport = (bus = new InProcessBus()) =>
  createInProcessTransport({ bus, deliveryTimeoutMs: 2_000, redeliveryBackoffMs: { baseMs: 5, maxMs: 20 } });

describe('in-process transport', () => {
  it('resolves send only after every subscribed group applied the messages, in order', async () => {
    const transport = fastTransport();
    const applied: Record<string, string[]> = { a: [], b: [] };
    for (const group of ['a', 'b'] as const) {
      await transport.subscribe({
        groupId: group,
        topics: ['task-completed'],
        handle: async ([incoming]) => {
          await new Promise((resolve) => setTimeout(resolve, 2));
          if (incoming) applied[group]?.push(incoming.value);
        },
      });
    }
    await transport.send(['1', '2', '3'].map((value) => message('k', value)));
    expect(applied).toEqual({ a: ['1', '2', '3'], b: ['1', '2', '3'] });
    await transport.close();
  });

  it('redelivers a message whose handler rejected, and keeps the ones behind it waiting', async () => {
    const transport = fastTransport();
    const seen: string[] = [];
    let failures = 2;
    await transport.subscribe({
      groupId: 'a',
      topics: ['task-completed'],
      handle: async ([incoming]) => {
        seen.push(incoming?.value ?? '');
        if (incoming?.value === '1' && failures-- > 0) throw new Error('database unavailable');
      },
    });
    await transport.send([message('k', '1'), message('k', '2')]);
    expect(seen).toEqual(['1', '1', '1', '2']);
    await transport.close();
  });

  it('gives a group that subscribes late the retained messages, and a restarted group resumes at its offset', async () => {
    const bus = new InProcessBus();
    const transport = fastTransport(bus);
    await transport.send([message('k', 'before anyone listened')]);
    const seen: IncomingMessage[] = [];
    const first = await transport.subscribe({
      groupId: 'late',
      topics: ['task-completed'],
      handle: async (batch) => void seen.push(...batch),
    });
    await transport.send([message('k', 'second')]);
    await first.stop();
    expect(await first.lag()).toBe(0);

    const sending = transport.send([message('k', 'while stopped')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await transport.subscribe({
      groupId: 'late',
      topics: ['task-completed'],
      handle: async (batch) => void seen.push(...batch),
    });
    await sending;
    expect(seen.map((m) => m.value)).toEqual(['before anyone listened', 'second', 'while stopped']);
    expect(seen.map((m) => m.offset)).toEqual(['0', '1', '2']);
    await second.stop();
  });

  it('waits for a declared group that has not subscribed yet, so a starting process loses nothing', async () => {
    const transport = fastTransport();
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
      handle: async (batch) => void seen.push(...batch.map((m) => m.value)),
    });
    await sending;
    expect(seen).toEqual(['early']);
    await transport.close();
  });

  it('fails a send that no consumer applies in time (the relay keeps the rows and retries)', async () => {
    const transport = createInProcessTransport({ bus: new InProcessBus(), deliveryTimeoutMs: 100 });
    const stuck = await transport.subscribe({
      groupId: 'stuck',
      topics: ['task-completed'],
      handle: () => new Promise(() => undefined),
    });
    await expect(transport.send([message('k', 'x')])).rejects.toBeInstanceOf(DeliveryFailedError);
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

  it('hands a batching group the available messages together, in order', async () => {
    const transport = fastTransport();
    const batches: string[][] = [];
    await transport.subscribe({
      groupId: 'batching',
      topics: ['task-completed'],
      maxBatchSize: 3,
      handle: async (batch) => void batches.push(batch.map((m) => m.value)),
    });
    await transport.send(['1', '2', '3', '4', '5'].map((value) => message('k', value)));
    expect(batches).toEqual([
      ['1', '2', '3'],
      ['4', '5'],
    ]);
    await transport.close();
  });

  it('refuses a second active subscription of the same group', async () => {
    const transport = fastTransport();
    await transport.subscribe({ groupId: 'a', topics: ['task-completed'], handle: async () => undefined });
    await expect(
      transport.subscribe({ groupId: 'a', topics: ['task-completed'], handle: async () => undefined }),
    ).rejects.toThrow('already subscribed');
    await transport.close();
  });
});
