import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { JsonObject, OpenApiOperation } from '../openapi.ts';
import { hostileString, invalidValue, validValue } from './schema-arbitraries.ts';

/** Who a request is sent as (the authorization matrix's callers). */
export const FUZZ_ROLES = ['anonymous', 'seller', 'member', 'otherSeller', 'agent', 'otherAgent'] as const;
export type FuzzRole = (typeof FUZZ_ROLES)[number];

export interface FuzzRequest {
  method: string;
  /** Path and query as sent, percent-encoding (good or bad) included. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  role: FuzzRole;
  /** What this case tries, for the report. */
  kind: string;
}

/** Ids that exist in the fuzzed platform, by path parameter name, so cases reach real rows too. */
export type KnownValues = Record<string, readonly string[]>;

const MAX_JSON_BODY = 1_048_576;

/** encodeURIComponent for any string: a lone surrogate goes out as UTF-8's replacement character. */
export const percentEncode = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Percent-encodings a router or decoder may choke on, sent as they are. */
const badlyEncoded = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '..%2F..%2F',
  '%25%32%65',
  'a%0Ab',
  `${'%41'.repeat(2000)}`,
);

function parameterValue(schema: JsonObject, known: readonly string[] | undefined): fc.Arbitrary<string> {
  const valid = validValue(schema).map((value) => percentEncode(String(value)));
  const hostile = fc.oneof(hostileString.map(percentEncode), badlyEncoded);
  const options: Array<fc.WeightedArbitrary<string>> = [
    { arbitrary: valid, weight: 2 },
    { arbitrary: hostile, weight: 2 },
  ];
  if (known?.length) options.push({ arbitrary: fc.constantFrom(...known), weight: 4 });
  return fc.oneof(...options);
}

const jsonBody = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });

/** Bodies that are wrong below the JSON level: syntax, nesting, size, media type, encoding. */
function rawBodies(
  validJson: fc.Arbitrary<string>,
): fc.Arbitrary<{ body?: string | Uint8Array; headers: Record<string, string>; kind: string }> {
  const json = (body: string | Uint8Array, kind: string, extra: Record<string, string> = {}) => ({
    body,
    headers: { 'content-type': 'application/json', ...extra },
    kind,
  });
  return fc.oneof(
    fc
      .constantFrom('{', '{"a":', '[1,2', '{"a":1}}', 'nul', "{'a':1}", '{"a":1,}', '\u0000', '')
      .map((body) => json(body, 'malformed JSON')),
    fc
      .integer({ min: 1_000, max: 50_000 })
      .map((depth) => json(`${'['.repeat(depth)}${']'.repeat(depth)}`, 'deep JSON array')),
    fc
      .integer({ min: 1_000, max: 20_000 })
      .map((depth) => json(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, 'deep JSON object')),
    fc.constant(json(JSON.stringify({ padding: 'x'.repeat(MAX_JSON_BODY + 10) }), 'oversized body')),
    fc.constant(json(`[${'1,'.repeat(100_000)}1]`, 'huge array')),
    validJson.map((body) => ({
      body,
      headers: { 'content-type': 'text/plain' },
      kind: 'valid JSON as text/plain',
    })),
    validJson.map((body) => ({
      body,
      headers: { 'content-type': 'application/xml' },
      kind: 'wrong content type',
    })),
    validJson.map((body) => ({
      body,
      headers: { 'content-type': 'multipart/form-data' },
      kind: 'multipart without boundary',
    })),
    validJson.map((body) => ({
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      kind: 'form-encoded',
    })),
    validJson.map((body) => ({ body, headers: {}, kind: 'no content type' })),
    validJson.map((body) => ({
      body,
      headers: { 'content-type': 'application/json; charset=utf-16' },
      kind: 'charset utf-16 (utf-8 bytes)',
    })),
    validJson.map((body) =>
      json(Buffer.from(body, 'utf16le'), 'utf-16 bytes', {
        'content-type': 'application/json; charset=utf-16le',
      }),
    ),
    fc.constant(
      json(
        Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
        'invalid UTF-8',
      ),
    ),
    validJson.map((body) => json(body, 'gzip claimed, not gzip', { 'content-encoding': 'gzip' })),
    validJson.map((body) => json(gzipSync(body), 'gzip body', { 'content-encoding': 'gzip' })),
    validJson.map((body) => json(body, 'unknown encoding', { 'content-encoding': 'br, x-unknown' })),
    validJson.map((body) =>
      json(body, 'content type with junk', { 'content-type': 'application/json;;; charset="x\\"y"; =' }),
    ),
    validJson.map((body) =>
      json(body, 'unknown charset', { 'content-type': 'application/json; charset=ebcdic-cp-us' }),
    ),
  );
}

/**
 * Requests for one operation: parameters, query and body valid or deliberately invalid, the raw
 * body attacks, each as one of the callers. Writes carry the platform's own Origin (as its pages
 * send them), so the cross-site check does not hide the service's answer — except in a few cases
 * that try a foreign one.
 */
export function operationRequests(
  method: string,
  path: string,
  operation: OpenApiOperation,
  options: { known: KnownValues; origin: string },
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
  const queryParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const filledPath = fc
    .tuple(
      ...pathParameters.map((parameter) => parameterValue(parameter.schema, options.known[parameter.name])),
    )
    .map((values) =>
      pathParameters.reduce(
        (url, parameter, index) => url.replace(`{${parameter.name}}`, values[index] ?? ''),
        path,
      ),
    );
  const query = fc
    .tuple(
      ...queryParameters.map((parameter) =>
        fc.option(
          parameterValue(parameter.schema, options.known[parameter.name]).map(
            (value) => `${percentEncode(parameter.name)}=${value}`,
          ),
          { nil: undefined, freq: 3 },
        ),
      ),
      fc.option(
        fc.oneof(
          badlyEncoded.map((junk) => `${junk}=${junk}`),
          fc.constant('a=1&a=2&a[]=3&a[b]=4'),
          hostileString.map((junk) => `extra=${percentEncode(junk)}`),
        ),
        { nil: undefined, freq: 4 },
      ),
    )
    .map((parts) => parts.filter((part): part is string => part !== undefined).join('&'));
  const schema = operation.requestBody?.content['application/json']?.schema;
  const validJson = (schema ? validValue(schema) : fc.jsonValue({ maxDepth: 2 })).map((value) =>
    JSON.stringify(value),
  );
  type Body = { body?: string | Uint8Array; headers: Record<string, string>; kind: string };
  const raw: fc.WeightedArbitrary<Body> = { arbitrary: rawBodies(validJson), weight: 2 };
  const bodies: Array<fc.WeightedArbitrary<Body>> = [raw];
  if (schema) {
    bodies.push(
      {
        arbitrary: validValue(schema).map((value) => ({ ...withType(jsonBody(value)), kind: 'valid' })),
        weight: 4,
      },
      {
        arbitrary: invalidValue(schema).map((value) => ({ ...withType(jsonBody(value)), kind: 'invalid' })),
        weight: 4,
      },
    );
  } else {
    bodies.push({ arbitrary: fc.constant({ headers: {}, kind: 'no body' }), weight: 4 });
  }
  const writes = method !== 'get';
  return fc
    .record({
      role: fc.constantFrom(...FUZZ_ROLES),
      path: filledPath,
      query,
      body: writes
        ? fc.oneof(...bodies)
        : fc.oneof<Array<fc.WeightedArbitrary<Body>>>(
            { arbitrary: fc.constant<Body>({ headers: {}, kind: 'read' }), weight: 6 },
            raw,
          ),
      crossSite: fc.integer({ min: 0, max: 19 }).map((draw) => draw === 0),
    })
    .map(({ role, path: url, query: search, body, crossSite }) => ({
      method: method.toUpperCase(),
      url: search ? `${url}?${search}` : url,
      headers: { ...body.headers, origin: crossSite ? 'https://attacker.example' : options.origin },
      ...(body.body === undefined ? {} : { body: body.body }),
      role,
      kind: body.kind,
    }));
}

function withType(body: { body: string; contentType: string }) {
  return { body: body.body, headers: { 'content-type': body.contentType } };
}
