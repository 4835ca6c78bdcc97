import pg from 'pg';

/** A statement as a connection sent it to Postgres. */
export interface SentStatement {
  /** The `pg.Client` that sent it: statements of one transaction share it. */
  client: pg.Client;
  /** Its connection's `application_name` (the event relays name theirs). */
  application: string | undefined;
  text: string;
  /** Set for a prepared (named) statement. */
  name: string | undefined;
}

export interface StatementRecording {
  /** What every connection of this process sent since the recording started (or was cleared). */
  readonly sent: SentStatement[];
  clear(): void;
  /** Ends the recording: `pg.Client` sends as before. */
  stop(): void;
}

/**
 * Records every statement a `pg.Client` of this process sends, until `stop`: for tests that count
 * what a path costs the database (the write path's round trips, issue #16).
 */
export function recordStatements(): StatementRecording {
  const prototype = pg.Client.prototype;
  const query = prototype.query;
  const sent: SentStatement[] = [];
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: unknown; name?: unknown };
    const { application_name: application } = (
      this as unknown as { connectionParameters: { application_name?: string } }
    ).connectionParameters;
    sent.push({
      client: this,
      application,
      text: typeof config === 'string' ? config : String(config.text),
      name: typeof config === 'string' || typeof config.name !== 'string' ? undefined : config.name,
    });
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return {
    sent,
    clear: () => {
      sent.length = 0;
    },
    stop: () => {
      prototype.query = query;
    },
  };
}
