/**
 * Simulated people through the gateway, as the browser calls the API: sellers sign in, open their
 * journey, complete a task, post the tracker's batch and un-complete it; agents sign in and read
 * their dashboard. Each answer is recorded per route (status, latency); every failure is kept.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { OVERLOADED_MESSAGE, SESSION_COOKIE } from '@listready/service-kit';

/** A person's pause between two actions: `meanMs` ± half, so the people do not act in step. */
export const think = (meanMs: number) =>
  meanMs > 0
    ? new Promise((resolve) => setTimeout(resolve, meanMs * (0.5 + Math.random())))
    : Promise.resolve();

/** A 503 of load shedding: turned away before any work, so nothing it asked for happened. */
export const wasShed = (answer: Answer) =>
  answer.status === 503 && (answer.body as { message?: unknown } | undefined)?.message === OVERLOADED_MESSAGE;

/** Statuses a client may retry after (the platform shed the request or a part is restarting). */
export const RETRYABLE = new Set([502, 503, 504]);

export class RouteStats {
  readonly latencies = new Map<string, number[]>();
  readonly statuses = new Map<string, Map<string, number>>();
  readonly failures: string[] = [];

  record(route: string, status: number | 'network', ms: number, detail?: string): void {
    const latencies = this.latencies.get(route) ?? [];
    latencies.push(ms);
    this.latencies.set(route, latencies);
    const byStatus = this.statuses.get(route) ?? new Map<string, number>();
    byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1);
    this.statuses.set(route, byStatus);
    if (status === 'network' || status >= 400) {
      if (this.failures.length < 50) this.failures.push(`${route} → ${status} ${detail ?? ''}`.slice(0, 300));
    }
  }

  count(route: string, status?: string): number {
    const byStatus = this.statuses.get(route);
    if (!byStatus) return 0;
    if (status) return byStatus.get(status) ?? 0;
    return [...byStatus.values()].reduce((sum, value) => sum + value, 0);
  }

  /** Answers that are neither 2xx nor 3xx, and network errors. */
  errors(route?: string): number {
    let errors = 0;
    for (const [name, byStatus] of this.statuses) {
      if (route && name !== route) continue;
      for (const [status, count] of byStatus)
        if (status === 'network' || Number(status) >= 400) errors += count;
    }
    return errors;
  }

  table(seconds: number): string {
    const lines = [
      `${'route'.padEnd(42)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  errors`,
    ];
    for (const [route, latencies] of [...this.latencies].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(
        `${route.padEnd(42)} ${(latencies.length / seconds).toFixed(1).padStart(7)} ${percentile(
          latencies,
          50,
        )
          .toFixed(0)
          .padStart(7)} ${percentile(latencies, 99).toFixed(0).padStart(7)}  ${this.errors(route)}`,
      );
    }
    return lines.join('\n');
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export interface Answer {
  status: number | 'network';
  body: unknown;
  cookie?: string;
  /** The Retry-After header, when the answer had one. */
  retryAfter?: string;
  ms: number;
}

/**
 * The people's connections: keep-alive, as browsers hold them. undici's `request` rather than
 * `fetch`: the load generator shares the platform's two cores, and fetch's WHATWG layers cost it
 * several times the CPU per call — at 3x capacity that was CPU the platform lacked and event-loop
 * delay added to every latency measured here.
 */
const people = new Agent({ keepAliveTimeout: 30_000, connections: 512 });

/** One call through the gateway, timed and recorded under `route`. */
export async function call(
  stats: RouteStats | undefined,
  base: string,
  route: string,
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await request(`${base}${url}`, {
      dispatcher: people,
      method: method as 'GET',
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.body.text();
    const ms = performance.now() - started;
    stats?.record(route, response.statusCode, ms, text.slice(0, 200));
    const setCookie = [response.headers['set-cookie'] ?? []]
      .flat()
      .find((value) => value.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';')[0];
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    const retryAfter = response.headers['retry-after'];
    return {
      status: response.statusCode,
      body,
      cookie: setCookie,
      retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
      ms,
    };
  } catch (error) {
    const ms = performance.now() - started;
    const detail =
      error instanceof Error ? `${error.name}: ${error.message} ${String(error.cause ?? '')}` : '';
    stats?.record(route, 'network', ms, detail);
    return { status: 'network', body: undefined, ms };
  }
}

export interface Person {
  email: string;
  password: string;
  role: 'client' | 'agent';
  userId?: string;
  cookie?: string;
}

/**
 * Whether a person signs in this round: with no session, and then every tenth round from a round
 * of their own. People's sessions are not in step, so sign-ins (scrypt: the costliest call) come
 * at the rate people sign in, not all 200 in the same second at every run's start — a herd only a
 * restart of every browser at once would make, and that the platform sheds by design.
 */
export const signsInThisRound = (person: Person, round: number, index: number): boolean =>
  !person.cookie || (round + index) % 10 === 9;

const PASSWORD = 'load-test-password-1';

/** A call retried while its answer is retryable, for up to `budgetMs`, as a patient client does. */
export async function callRetrying(
  send: () => Promise<Answer>,
  budgetMs = 90_000,
): Promise<{ first: Answer; final: Answer; attempts: number; ms: number }> {
  const started = performance.now();
  const first = await send();
  let final = first;
  let attempts = 1;
  while (
    (final.status === 'network' || RETRYABLE.has(final.status)) &&
    performance.now() - started < budgetMs
  ) {
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(2_000, 100 * 2 ** Math.min(attempts, 5)) * (0.5 + Math.random())),
    );
    final = await send();
    attempts += 1;
  }
  return { first, final, attempts, ms: performance.now() - started };
}

/** Signs a person up through the API (201 with a session), as the sign-up page does (setup: retried when shed). */
export async function signUp(
  base: string,
  role: 'client' | 'agent',
  index: number,
  run: string,
): Promise<Person> {
  const person: Person = { email: `load-${run}-${role}-${index}@example.com`, password: PASSWORD, role };
  const { final: answer } = await callRetrying(() =>
    call(undefined, base, 'POST /api/register', 'POST', '/api/register', {
      body: {
        email: person.email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: role === 'agent' ? 'Agent' : 'Seller',
        lastName: `Load ${index}`,
        phone: '555-0100',
        role,
      },
    }),
  );
  if (answer.status !== 201)
    throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  person.cookie = answer.cookie;
  person.userId = (answer.body as { id?: string }).id;
  return person;
}

interface TaskEntry {
  id: string;
  clientTask: { status: 'pending' | 'completed' };
}

/** What the closed loop counts beyond the route table: completions the sellers saw answered. */
export interface Completions {
  /** PUT status=completed answered 200 for a task the seller had seen pending. */
  answered: number;
  /** PUT status=completed without an answer (network error, 5xx): may or may not have happened. */
  uncertain: number;
}

const usageBatch = (userId: string | undefined, taskId: string) => [
  {
    event: 'task_action',
    properties: {
      action: 'complete',
      taskId,
      url: 'http://127.0.0.1/journey',
      userAgent: 'listready-load',
      screenSize: '1920x1080',
      viewportSize: '1280x800',
    },
    timestamp: new Date().toISOString(),
    userId: userId ?? null,
    sessionId: `load-${randomUUID()}`,
  },
];

/**
 * A seller's loop until `until`: sign in (every tenth round, see signsInThisRound), open the journey and the task list,
 * complete an open task, post the tracker's batch, un-complete the task.
 */
export async function sellerLoop(
  base: string,
  seller: Person,
  index: number,
  stats: RouteStats,
  completions: Completions,
  until: number,
  thinkMs: number,
): Promise<void> {
  for (let round = 0; Date.now() < until; round += 1) {
    await think(thinkMs);
    if (signsInThisRound(seller, round, index)) {
      const login = await call(stats, base, 'POST /api/login', 'POST', '/api/login', {
        body: { email: seller.email, password: seller.password },
      });
      if (login.cookie) seller.cookie = login.cookie;
      if (login.status !== 200) continue;
    }
    const cookie = seller.cookie;
    await think(thinkMs);
    await call(stats, base, 'GET /api/clients/current/journey', 'GET', '/api/clients/current/journey', {
      cookie,
    });
    const list = await call(
      stats,
      base,
      'GET /api/clients/current/tasks',
      'GET',
      '/api/clients/current/tasks',
      {
        cookie,
      },
    );
    if (list.status !== 200 || !Array.isArray(list.body)) continue;
    const open = (list.body as TaskEntry[]).filter((entry) => entry.clientTask.status === 'pending');
    const task = open[Math.floor(Math.random() * Math.min(open.length, 8))];
    if (!task) continue;
    await think(thinkMs);
    const done = await call(
      stats,
      base,
      'PUT /api/client-tasks/:id complete',
      'PUT',
      `/api/client-tasks/${task.id}`,
      {
        cookie,
        body: { status: 'completed' },
      },
    );
    if (done.status === 200) completions.answered += 1;
    else if (!wasShed(done) && (done.status === 'network' || done.status >= 500)) completions.uncertain += 1;
    await think(thinkMs);
    await call(stats, base, 'POST /api/analytics', 'POST', '/api/analytics', {
      cookie,
      body: usageBatch(seller.userId, task.id),
    });
    await think(thinkMs);
    await call(stats, base, 'PUT /api/client-tasks/:id un-complete', 'PUT', `/api/client-tasks/${task.id}`, {
      cookie,
      body: { status: 'pending' },
    });
  }
}

/** An agent's loop until `until`: sign in (every tenth round), their dashboard's figures and client rows, their analytics. */
export async function agentLoop(
  base: string,
  agent: Person,
  index: number,
  stats: RouteStats,
  until: number,
  thinkMs: number,
): Promise<void> {
  let agentId: string | undefined;
  for (let round = 0; Date.now() < until; round += 1) {
    await think(thinkMs);
    if (signsInThisRound(agent, round, index)) {
      const login = await call(stats, base, 'POST /api/login', 'POST', '/api/login', {
        body: { email: agent.email, password: agent.password },
      });
      if (login.cookie) agent.cookie = login.cookie;
      if (login.status !== 200) continue;
    }
    const cookie = agent.cookie;
    if (!agentId) {
      const current = await call(stats, base, 'GET /api/agents/current', 'GET', '/api/agents/current', {
        cookie,
      });
      agentId = (current.body as { id?: string } | undefined)?.id;
      if (!agentId) continue;
    }
    await call(stats, base, 'GET /api/agents/:id/stats', 'GET', `/api/agents/${agentId}/stats`, { cookie });
    await think(thinkMs);
    await call(stats, base, 'GET /api/agents/:id/clients', 'GET', `/api/agents/${agentId}/clients`, {
      cookie,
    });
    await think(thinkMs);
    await call(stats, base, 'GET /api/analytics/stats', 'GET', '/api/analytics/stats', { cookie });
  }
}
