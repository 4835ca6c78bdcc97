import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_RESET_EVENT, type LiveEvent } from '@listready/contracts';
import type { LiveFeed, LiveTarget } from './live-feed.ts';

/** How many event ids a stream remembers to send each event once (a replayed event may come live too). */
const rememberedIds = 500;
/** What EventSource waits before reconnecting after the stream ends (ms). */
const reconnectAfterMs = 1_000;

export interface EventStreamOptions {
  feed: LiveFeed;
  heartbeatMs: number;
  maxDurationMs: number;
}

/**
 * The open live streams of one app, so a shutdown ends them (an open stream would otherwise hold
 * the server's close until it expires).
 */
export function createEventStreams(options: EventStreamOptions) {
  const open = new Set<PassThrough>();

  return {
    /** Ends every open stream; the browsers reconnect, to another replica or this one restarted. */
    closeAll(): void {
      for (const stream of open) stream.end();
    },

    /**
     * Answers `request` with a text/event-stream of `target`'s events: first those after the
     * `Last-Event-ID` the browser sends when it reconnects (or a `reset` event when they cannot be
     * replayed), then each new one as the feed hears it, with a comment line every `heartbeatMs`
     * and an end after `maxDurationMs`.
     *
     * `stillAllowed`, when given, is asked again before each new event and each heartbeat: access
     * granted when the stream opened can end while it is open (a member removed from the household,
     * a client who changed agents). Then the stream says `reset` — the screen reads again, is refused
     * and says so — and ends; the browser's reconnection is refused too.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      target: LiveTarget,
      stillAllowed?: () => Promise<boolean>,
    ): Promise<FastifyReply> {
      const sentIds = new Set<string>();
      const stream = new PassThrough();
      const frame = (event: LiveEvent): void => {
        if (sentIds.has(event.id)) return;
        sentIds.add(event.id);
        if (sentIds.size > rememberedIds) sentIds.delete(sentIds.values().next().value as string);
        stream.write(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      // The checks run one after another, so what they let through keeps its order.
      let checked = Promise.resolve();
      const whileAllowed = (write: () => void): void => {
        if (!stillAllowed) return write();
        checked = checked.then(async () => {
          if (stream.writableEnded) return;
          let allowed: boolean;
          try {
            allowed = await stillAllowed();
          } catch (error) {
            // Unsure is not allowed: the stream ends, and the reconnection asks afresh.
            request.log.warn({ err: error }, 'live stream access check failed; stream ended');
            stream.end();
            return;
          }
          if (allowed) write();
          else stream.end(`event: ${LIVE_RESET_EVENT}\ndata: {}\n\n`);
        });
      };

      // Listening starts before the replay is read, so nothing published in between is missed.
      const heardMeanwhile: LiveEvent[] = [];
      let replaying = true;
      const unlisten = options.feed.listen(target, (event) =>
        replaying ? heardMeanwhile.push(event) : whileAllowed(() => frame(event)),
      );
      let replayed: LiveEvent[] | null = [];
      const lastEventId = request.headers['last-event-id'];
      try {
        if (typeof lastEventId === 'string' && lastEventId !== '') {
          replayed = lastEventId.length <= 100 ? await options.feed.replay(lastEventId, target) : null;
        }
      } catch (error) {
        unlisten();
        throw error;
      }

      stream.write(`retry: ${reconnectAfterMs}\n\n`);
      if (replayed === null) stream.write(`event: ${LIVE_RESET_EVENT}\ndata: {}\n\n`);
      else replayed.forEach(frame);
      replaying = false;
      heardMeanwhile.forEach(frame);

      const heartbeat = setInterval(
        () => whileAllowed(() => stream.write(': keep-alive\n\n')),
        options.heartbeatMs,
      );
      const expiry = setTimeout(() => stream.end(), options.maxDurationMs);
      open.add(stream);
      const finish = () => {
        unlisten();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        open.delete(stream);
        if (!stream.writableEnded) stream.end();
      };
      stream.once('end', finish);
      stream.once('close', finish);
      reply.raw.once('close', finish);

      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  };
}
export type EventStreams = ReturnType<typeof createEventStreams>;
