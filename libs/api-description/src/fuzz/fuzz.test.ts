import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeRoutes, openApiDocument, zodJsonSchema } from '../openapi.ts';
import { answerChecker, documentSchemas } from './answer-check.ts';
import { operationRequests } from './requests.ts';
import { invalidValue, validValue } from './schema-arbitraries.ts';

/** The value, or a failed test saying what was missing. */
function defined<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`no ${what}`);
  return value;
}

const taskUpdate = z
  .object({
    status: z.enum(['pending', 'completed']),
    notes: z.string().max(2000).nullable(),
    dueDate: z.iso.date().nullable(),
    assignedTo: z.email().optional(),
    priority: z.int().min(1).max(5).optional(),
    tags: z.array(z.string().min(1)).max(3).optional(),
  })
  .strict();

describe('arbitraries from the document’s schemas', () => {
  const schema = zodJsonSchema(taskUpdate, 'input');
  const document = openApiDocument([]);
  const validate = documentSchemas(document).validatorOf(schema);

  it('makes values the schema accepts', () => {
    const samples = fc.sample(validValue(schema), { numRuns: 300, seed: 1 });
    const refused = samples.filter((value) => !validate(value));
    expect(refused).toEqual([]);
    // The zod schema agrees with its JSON Schema on them.
    expect(samples.filter((value) => !taskUpdate.safeParse(value).success)).toEqual([]);
  });

  it('makes values the schema refuses, of every kind', () => {
    const samples = fc.sample(invalidValue(schema), { numRuns: 500, seed: 2 });
    const accepted = samples.filter((value) => validate(value));
    // Deliberately invalid: almost all are refused (a hostile string for an object is still refused;
    // only a few mutations — a valid-looking extra — may slip through a lenient schema).
    expect(accepted.length / samples.length).toBeLessThan(0.05);
    const objects = samples.filter(
      (value): value is Record<string, unknown> =>
        typeof value === 'object' && value !== null && !Array.isArray(value),
    );
    expect(objects.some((value) => !('status' in value))).toBe(true); // a required field missing
    expect(
      objects.some((value) => Object.keys(value).some((key) => !(key in (schema.properties as object)))),
    ).toBe(true); // extra field
    expect(samples.some((value) => typeof value === 'string' && value.length >= 10_000)).toBe(true); // huge
    const hasControl = (text: string) => [...text].some((character) => character.charCodeAt(0) < 0x20);
    expect(samples.some((value) => typeof value === 'string' && hasControl(value))).toBe(true); // control characters
  });
});

describe('requests for an operation', () => {
  const document = openApiDocument([
    describeRoutes(
      [
        {
          method: 'PUT',
          url: '/api/tasks/:id',
          schema: { params: z.object({ id: z.string() }), body: taskUpdate },
        },
      ],
      'journey',
    ),
  ]);
  const operation = defined(document.paths['/api/tasks/{id}']?.put, 'operation');
  const requests = fc.sample(
    operationRequests('put', '/api/tasks/{id}', operation, { known: { id: ['task-1'] }, origin: 'http://x' }),
    {
      numRuns: 400,
      seed: 3,
    },
  );

  it('tries every caller, known ids and raw attacks', () => {
    expect(new Set(requests.map((request) => request.role)).size).toBe(6);
    expect(requests.some((request) => request.url.startsWith('/api/tasks/task-1'))).toBe(true);
    const kinds = new Set(requests.map((request) => request.kind));
    for (const kind of [
      'valid',
      'invalid',
      'malformed JSON',
      'wrong content type',
      'oversized body',
      'gzip body',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(requests.some((request) => /\/api\/tasks\/%(?![0-9A-F]{2})/i.test(request.url))).toBe(true); // bad percent-encoding
  });
});

describe('answers checked against the document', () => {
  const document = openApiDocument([
    describeRoutes(
      [
        {
          method: 'GET',
          url: '/api/things',
          schema: {
            response: {
              200: z.object({ count: z.int() }),
              409: z.object({ message: z.string(), code: z.string(), current: z.object({ count: z.int() }) }),
            },
          },
        },
      ],
      'things',
    ),
  ]);
  const operation = defined(document.paths['/api/things']?.get, 'operation');
  const check = answerChecker(document);
  const json = (status: number, body: unknown) => ({
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body),
  });

  it('passes documented answers and the error shape', () => {
    expect(check(operation, json(200, { count: 3 }))).toBeUndefined();
    expect(check(operation, json(404, { message: 'Not found', code: 'NOT_FOUND' }))).toBeUndefined();
    // A refusal the route documents on its own is checked against its schema.
    expect(
      check(operation, json(409, { message: 'Changed', code: 'CONFLICT', current: { count: 1 } })),
    ).toBeUndefined();
  });

  it('fails a 5xx, an answer off its schema, an undocumented 2xx and a 4xx off the error shape', () => {
    expect(check(operation, json(500, { message: 'Internal Server Error' }))).toMatch(/^answered 500/);
    expect(check(operation, json(200, { count: 'three' }))).toMatch(/does not match its schema/);
    expect(check(operation, json(201, { count: 3 }))).toMatch(/not a documented answer/);
    expect(
      check(operation, json(431, { error: 'Request Header Fields Too Large', statusCode: 431 })),
    ).toMatch(/error shape/);
    expect(check(operation, { status: 400, contentType: 'text/html', body: '<p>no</p>' })).toMatch(
      /not JSON/,
    );
    expect(check(operation, json(404, { message: 'Gone', current: { count: 1 } }))).toMatch(
      /the error shape/,
    );
    expect(check(operation, json(409, { message: 'Changed', code: 'CONFLICT' }))).toMatch(
      /its documented shape/,
    );
  });
});
