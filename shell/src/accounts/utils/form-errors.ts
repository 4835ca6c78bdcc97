import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { serverFieldIssues } from './server-error.ts';

/** Puts the server's per-field messages (a 400's `issues`) under the fields this form has. */
export function showServerFieldIssues<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): void {
  for (const issue of serverFieldIssues(error)) {
    const field = fields.find((name) => name === issue.path);
    if (field) setError(field, { type: 'server', message: issue.message });
  }
}
