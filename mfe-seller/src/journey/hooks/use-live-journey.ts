import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_RESET_EVENT, liveEventSchema } from '@listready/contracts/journey';
import { openLiveStream } from '@listready/web-client';
import { CUSTOM_TASKS_URL, JOURNEY_URL, LIVE_URL, TASKS_URL } from '../utils/journey-api.ts';
import { withClientId } from '../utils/household-choice.ts';
import { useJourneyChoice } from './use-household.ts';

/**
 * The reads a change of the household makes stale: the task lists and the progress built from them
 * (a note, a completion, a stage reached all show there).
 */
export const liveReads = (clientId: string | undefined): string[] =>
  [JOURNEY_URL, TASKS_URL, CUSTOM_TASKS_URL].map((url) => withClientId(url, clientId));

/**
 * The household's changes as they happen (GET /api/clients/current/live, server-sent events): each
 * event makes the reads it touches stale, so every open screen of the household shows a completion
 * or a note within a moment. EventSource reconnects by itself after a drop, sending the last event
 * id; the server replays what was missed, or says `reset` and everything is read again. A stream
 * EventSource gives up on (a refused reconnection) is opened anew and everything read again.
 * `enabled` once the journey has been read: right after sign-up it may not exist yet (the reads
 * retry JOURNEY_NOT_READY; an EventSource refused once does not try again).
 */
export function useLiveJourney(enabled: boolean): void {
  const queryClient = useQueryClient();
  const { clientId, ready } = useJourneyChoice();
  useEffect(() => {
    if (!enabled || !ready || typeof EventSource === 'undefined') return undefined;
    // One change often comes as two or three events (a completion, its stage, its note): they are
    // read again once. A reset (events that cannot be replayed) reads the same things again too.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        for (const url of liveReads(clientId)) void queryClient.invalidateQueries({ queryKey: [url] });
      }, 50);
    };
    const close = openLiveStream(
      withClientId(LIVE_URL, clientId),
      (source) => {
        source.onmessage = (message: MessageEvent<string>) => {
          const parsed = liveEventSchema.safeParse(safeJson(message.data));
          if (parsed.success) refresh();
        };
        source.addEventListener(LIVE_RESET_EVENT, refresh);
      },
      refresh,
    );
    return () => {
      close();
      clearTimeout(pending);
    };
  }, [queryClient, clientId, ready, enabled]);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
