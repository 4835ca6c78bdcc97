/** Postgres's unique_violation. */
export const UNIQUE_VIOLATION = '23505';

/**
 * True when `error` (a pg error, or drizzle's wrapper with the pg error as its cause) is a unique
 * violation of `constraint`: how a write learns it lost a race to an equal row.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  return pgError.code === UNIQUE_VIOLATION && pgError.constraint === constraint;
}
