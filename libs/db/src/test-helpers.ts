/** The SQLSTATE of a failed query, whether drizzle wrapped the driver error or not. */
export async function sqlStateOf(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    const found = error as { code?: unknown; cause?: { code?: unknown } };
    const code = found.code ?? found.cause?.code;
    return typeof code === 'string' ? code : 'unknown';
  }
  return undefined;
}

export { UNIQUE_VIOLATION } from './errors.ts';
export const CHECK_VIOLATION = '23514';
export const FOREIGN_KEY_VIOLATION = '23503';
