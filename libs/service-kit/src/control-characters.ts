import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiIssue } from '@listready/contracts';
import { ValidationError } from './errors.ts';

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. Postgres cannot
 * store NUL in text at all (the write fails), and the others have no place in anything a person
 * types: refused at the door, for every service, instead of a 500 from the database.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const controlCharacterMessage = 'Must not contain control characters';

/** Parsed JSON, a query or params object — not a stream (the gateway passes bodies through unread). */
function isPlainData(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: object | null = Object.getPrototypeOf(value);
  // The query parser's objects inherit from a bare null-prototype object.
  return (
    Array.isArray(value) ||
    prototype === null ||
    prototype === Object.prototype ||
    Object.getPrototypeOf(prototype) === null
  );
}

/** The path of the first string under `value` with a control character (keys included), or null. */
function findControlCharacter(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return controlCharacter.test(value) ? path : null;
  if (!isPlainData(value) || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (controlCharacter.test(key)) return itemPath;
    const found = findControlCharacter(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A 400 naming the field when a path parameter, query value or JSON body string holds one. */
export function registerControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findControlCharacter(value, '');
      if (path !== null) {
        const issue: ApiIssue = { path: path || part, message: controlCharacterMessage };
        throw new ValidationError([issue], `${issue.path}: ${controlCharacterMessage}`);
      }
    }
  });
}
