import http from 'node:http';
import fc from 'fast-check';
import type { OpenApiDocument, OpenApiOperation } from '../openapi.ts';
import { answerChecker, type Answer } from './answer-check.ts';
import {
  FUZZ_ROLES,
  operationRequests,
  percentEncode,
  type FuzzRequest,
  type FuzzRole,
  type KnownValues,
} from './requests.ts';
import { validValue } from './schema-arbitraries.ts';

export interface FuzzOptions {
  /** The gateway, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  document: OpenApiDocument;
  /** The Cookie header of a role's session (undefined for anonymous). */
  cookieFor(role: FuzzRole): string | undefined;
  /** A fresh session for `role` (after a case that may have ended it: logout, a password change). */
  renewSession(role: FuzzRole): Promise<void>;
  known: KnownValues;
  casesPerRoute: number;
  seed: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /**
   * Routes that answer differently by design, each with its reason: `html` — a page a browser is
   * sent to, every answer a document (4xx too); `statuses` — answers allowed besides the rules.
   */
  exceptions?: Record<string, FuzzException>;
  /** Which operations (`METHOD /path`) to fuzz; all by default. */
  include?(route: string): boolean;
  onRouteDone?(report: RouteReport): void;
}

export interface FuzzException {
  html?: boolean;
  statuses?: number[];
  reason: string;
}

export interface RouteReport {
  route: string;
  cases: number;
  statuses: Record<number, number>;
  /** Distinct defects (by status and message), each with one request that shows it. */
  failures: string[];
  ms: number;
}

/** One request over a plain socket: the URL goes out exactly as written (bad encodings too). */
export function send(baseUrl: string, request: FuzzRequest, cookie: string | undefined): Promise<Answer> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.url,
        // A connection per case: an attack that leaves a socket in a bad state (a body the server
        // stopped reading) must not be blamed on the next case.
        headers: {
          ...request.headers,
          ...(cookie ? { cookie } : {}),
          // Framed like any real client's body (Node sends a GET's body unframed otherwise).
          ...(request.body === undefined ? {} : { 'content-length': String(bodySize(request)) }),
          connection: 'close',
        },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Pseudo-statuses of the report: the connection failed; it was closed while a large body was sent. */
export const CONNECTION_FAILED = 599;
export const CLOSED_ON_LARGE_BODY = 499;
const LARGE_BODY_BYTES = 64 * 1024;
const bodySize = (request: FuzzRequest) =>
  request.body === undefined
    ? 0
    : typeof request.body === 'string'
      ? Buffer.byteLength(request.body)
      : request.body.length;

const describeRequest = (request: FuzzRequest): string => {
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? request.body.length > 160
          ? `${request.body.slice(0, 160)}… (${request.body.length} chars)`
          : request.body
        : `<${request.body.length} bytes>`;
  return `${request.method} ${request.url.slice(0, 200)} as ${request.role} [${request.kind}] ${JSON.stringify(request.headers)} ${body}`;
};

/** A session may end during a case (logout, a password or e-mail change): start the next one signed in. */
const mayEndSession = (request: FuzzRequest, answer: Answer) =>
  request.role !== 'anonymous' &&
  request.method !== 'GET' &&
  answer.status < 300 &&
  /^\/api\/(logout|auth\/)/.test(request.url);

/** An answer the route's exception allows (an HTML page where one is the design, a listed status). */
function excused(exception: FuzzException | undefined, answer: Answer): boolean {
  if (!exception) return false;
  if (exception.statuses?.includes(answer.status)) return true;
  return Boolean(exception.html) && answer.status < 500 && answer.contentType.startsWith('text/html');
}

async function runCases(
  options: FuzzOptions,
  operation: OpenApiOperation,
  requests: FuzzRequest[],
  report: RouteReport,
  check: ReturnType<typeof answerChecker>,
): Promise<void> {
  const exception = options.exceptions?.[report.route];
  const seen = new Set<string>();
  let next = 0;
  const worker = async () => {
    for (let request = requests[next]; request; request = requests[next]) {
      next += 1;
      let answer: Answer;
      try {
        answer = await send(options.baseUrl, request, options.cookieFor(request.role));
      } catch (error) {
        answer = {
          status: CONNECTION_FAILED,
          contentType: '',
          body: `connection failed: ${(error as Error).message}`,
        };
        // A server may answer 413 and close while a huge body is still being written: the client
        // then sees its write fail. Only a small request's failed connection is a defect.
        if (bodySize(request) > LARGE_BODY_BYTES) answer = { ...answer, status: CLOSED_ON_LARGE_BODY };
      }
      report.cases += 1;
      report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
      const problem = excused(exception, answer) ? undefined : check(operation, answer);
      if (problem) {
        const key = `${answer.status} ${problem.slice(0, 80)}`;
        if (!seen.has(key)) {
          seen.add(key);
          report.failures.push(`${report.route}: ${problem}\n    request: ${describeRequest(request)}`);
        }
      }
      if (mayEndSession(request, answer)) await options.renewSession(request.role);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
}

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method,
      path,
      operation,
      route: `${method.toUpperCase()} ${path}`,
    })),
  );

/** Fuzzes every operation of the document through the gateway; one report per route. */
export async function fuzzOperations(options: FuzzOptions): Promise<RouteReport[]> {
  const check = answerChecker(options.document);
  const origin = new URL(options.baseUrl).origin;
  const reports: RouteReport[] = [];
  for (const [index, { method, path, operation, route }] of operationsOf(options.document).entries()) {
    if (options.include && !options.include(route)) continue;
    const started = Date.now();
    const report: RouteReport = { route, cases: 0, statuses: {}, failures: [], ms: 0 };
    const requests = fc.sample(operationRequests(method, path, operation, { known: options.known, origin }), {
      numRuns: options.casesPerRoute,
      seed: options.seed + index,
    });
    await runCases(options, operation, requests, report, check);
    report.ms = Date.now() - started;
    reports.push(report);
    options.onRouteDone?.(report);
  }
  return reports;
}

/**
 * A resource the document lets clients create (`POST /things` answering 201 with an `id`) and then
 * change or delete at `/things/{param}`: sequences of create, read, update, delete and repeats.
 */
interface Resource {
  collection: string;
  create: OpenApiOperation;
  list?: OpenApiOperation;
  itemPath: string;
  itemParameter: string;
  update?: OpenApiOperation;
  updateMethod: 'PUT' | 'PATCH';
  remove?: OpenApiOperation;
}

export function resourcesOf(document: OpenApiDocument): Resource[] {
  const resources: Resource[] = [];
  for (const [collection, operations] of Object.entries(document.paths)) {
    const create = operations.post;
    // Made from a JSON body (a logo upload is a form, and has no sequence of its own to follow).
    if (!create?.responses['201'] || !create.requestBody?.content['application/json']) continue;
    const itemPath = Object.keys(document.paths).find((candidate) =>
      new RegExp(`^${collection.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}/\\{[^}]+\\}$`).test(candidate),
    );
    const item = itemPath ? document.paths[itemPath] : undefined;
    const itemParameter = itemPath ? /\{([^}]+)\}$/.exec(itemPath)?.[1] : undefined;
    if (!itemPath || !item || !itemParameter) continue;
    resources.push({
      collection,
      create,
      ...(operations.get ? { list: operations.get } : {}),
      itemPath,
      itemParameter,
      ...(item.put ? { update: item.put } : item.patch ? { update: item.patch } : {}),
      updateMethod: item.put ? 'PUT' : 'PATCH',
      ...(item.delete ? { remove: item.delete } : {}),
    });
  }
  return resources;
}

type Step = {
  action: 'create' | 'list' | 'update' | 'delete';
  role: FuzzRole;
  target: number;
  body: unknown;
};

/**
 * Runs `sequences` random sequences of calls on every resource: the same checks as single cases,
 * plus one of state: once an item's delete answered 2xx, changing or deleting it again is a 4xx.
 */
export async function fuzzSequences(
  options: Omit<FuzzOptions, 'casesPerRoute'> & { sequences: number; steps?: number },
): Promise<RouteReport[]> {
  const check = answerChecker(options.document);
  const origin = new URL(options.baseUrl).origin;
  const reports: RouteReport[] = [];
  for (const [index, resource] of resourcesOf(options.document).entries()) {
    const started = Date.now();
    const report: RouteReport = {
      route: `sequence ${resource.collection}`,
      cases: 0,
      statuses: {},
      failures: [],
      ms: 0,
    };
    const bodyOf = (operation: OpenApiOperation | undefined) => {
      const schema = operation?.requestBody?.content['application/json']?.schema;
      return schema ? validValue(schema) : fc.constant(undefined);
    };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        action: fc.constant('create' as const),
        role: fc.constantFrom<FuzzRole>('seller', 'member', 'otherSeller'),
        target: fc.nat(5),
        body: bodyOf(resource.create),
      }),
      fc.record({
        action: fc.constant('list' as const),
        role: fc.constantFrom(...FUZZ_ROLES),
        target: fc.nat(5),
        body: fc.constant(undefined),
      }),
      fc.record({
        action: fc.constant('update' as const),
        role: fc.constantFrom(...FUZZ_ROLES),
        target: fc.nat(5),
        body: bodyOf(resource.update),
      }),
      fc.record({
        action: fc.constant('delete' as const),
        role: fc.constantFrom(...FUZZ_ROLES),
        target: fc.nat(5),
        body: fc.constant(undefined),
      }),
    );
    const sequences = fc.sample(fc.array(step, { minLength: 2, maxLength: options.steps ?? 10 }), {
      numRuns: options.sequences,
      seed: options.seed + 10_000 + index,
    });
    const seen = new Set<string>();
    const fail = (problem: string, request: FuzzRequest) => {
      if (seen.has(problem.slice(0, 80))) return;
      seen.add(problem.slice(0, 80));
      report.failures.push(`${report.route}: ${problem}\n    request: ${describeRequest(request)}`);
    };
    for (const sequence of sequences) {
      const created: string[] = [];
      const deleted = new Set<string>();
      for (const { action, role, target, body } of sequence) {
        const operation = {
          create: resource.create,
          list: resource.list,
          update: resource.update,
          delete: resource.remove,
        }[action];
        if (!operation) continue;
        const id = created[target % Math.max(created.length, 1)];
        const onItem = action === 'update' || action === 'delete';
        if (onItem && !id) continue;
        const path = onItem
          ? resource.itemPath.replace(`{${resource.itemParameter}}`, percentEncode(id ?? ''))
          : resource.collection;
        const request: FuzzRequest = {
          method: { create: 'POST', list: 'GET', update: resource.updateMethod, delete: 'DELETE' }[action],
          url: path,
          headers: { origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          role,
          kind: action,
        };
        let answer: Answer;
        try {
          answer = await send(options.baseUrl, request, options.cookieFor(role));
        } catch (error) {
          answer = {
            status: CONNECTION_FAILED,
            contentType: '',
            body: `connection failed: ${(error as Error).message}`,
          };
        }
        report.cases += 1;
        report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
        const problem = check(operation, answer);
        if (problem) fail(problem, request);
        if (action === 'create' && answer.status === 201) {
          const createdId = (JSON.parse(answer.body) as { id?: unknown }).id;
          if (typeof createdId === 'string') created.push(createdId);
        }
        if (id && (action === 'update' || action === 'delete')) {
          if (deleted.has(id) && answer.status < 400)
            fail(`${action} of a deleted item answered ${answer.status}`, request);
          if (action === 'delete' && answer.status < 300) deleted.add(id);
        }
      }
    }
    report.ms = Date.now() - started;
    reports.push(report);
    options.onRouteDone?.(report);
  }
  return reports;
}
