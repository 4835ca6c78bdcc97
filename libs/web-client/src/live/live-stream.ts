/** How long a refused stream waits before it is opened again: 2 s, doubling up to a minute. */
const FIRST_REOPEN_MS = 2_000;
const LAST_REOPEN_MS = 60_000;

/**
 * A stream of server-sent events that stays open. EventSource reconnects by itself after a drop,
 * with the last event id; but a reconnection answered with anything other than 200 — a 503 from a
 * service or gateway shedding load while every screen reconnects at once after a restart — ends it
 * for good, and the screen would stop hearing changes until reloaded. Then a new one is opened after
 * a pause (2 s, doubling up to a minute); it has no last event id to resume from, so `onReopened`
 * is told once it is open (the screen reads again what it shows). `listen` attaches the screen's
 * handlers to each EventSource. Returns the function that closes it for good.
 */
export function openLiveStream(
  url: string,
  listen: (source: EventSource) => void,
  onReopened: () => void,
): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_REOPEN_MS;
  let closed = false;
  const open = (reopened: boolean) => {
    const current = new EventSource(url);
    source = current;
    let readAgain = reopened;
    listen(current);
    current.addEventListener('open', () => {
      delay = FIRST_REOPEN_MS;
      if (readAgain) onReopened();
      readAgain = false;
    });
    current.addEventListener('error', () => {
      // CONNECTING: EventSource is reconnecting by itself. CLOSED: it has given up.
      if (closed || current.readyState !== EventSource.CLOSED) return;
      timer = setTimeout(() => open(true), delay);
      delay = Math.min(delay * 2, LAST_REOPEN_MS);
    });
  };
  open(false);
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
  };
}
