/*
 * On its own, without dependencies: the telemetry preload (instrument.ts) uses it before anything
 * else loads.
 */

/**
 * Query parameters whose value is a key someone holds: a reset link's `token`, a group's invite code
 * (`join`), an agent's invitation (`id` on /accept-invitation, `invitation` on /auth); and the
 * signed-URL parameters OpenTelemetry's http instrumentation redacts by itself (its
 * `DEFAULT_QUERY_STRINGS_TO_REDACT`), since the span hooks put this reading in its place. Logs keep
 * their names, never their values.
 */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'token',
  'join',
  'id',
  'invitation',
  'sig',
  'Signature',
  'AWSAccessKeyId',
  'X-Goog-Signature',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
]);

/** A calendar feed's address, whose file name is its token (`/api/calendar/<token>.ics`; not `/feed`). */
const CALENDAR_FEED_FILE = /^\/api\/calendar\/(?!feed(?:[/?]|$))[^/?]+/;

const REDACTED = '[redacted]';

/**
 * A request's URL as a log line may show it: the keys in it (see above, and a calendar feed's token)
 * replaced by `[redacted]`. Each opens an account, a household or a calendar to whoever holds it,
 * and logs are read by more people, and kept longer, than the links were meant for. Everything else
 * stays (the path, the other parameters), so a line still says what was asked.
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const shownPath = path.startsWith('/api/calendar/')
    ? path.replace(CALENDAR_FEED_FILE, `/api/calendar/${REDACTED}`)
    : path;
  if (at === -1) return shownPath;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      return SECRET_QUERY_PARAMETERS.has(parameterName(pair.slice(0, equals)))
        ? `${pair.slice(0, equals)}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${shownPath}?${query}`;
}

/** A parameter's name as URLSearchParams reads it (`+` a space, percent-decoded), or as written when undecodable. */
function parameterName(raw: string): string {
  if (!/[%+]/.test(raw)) return raw;
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}
