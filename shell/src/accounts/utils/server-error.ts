import type { ApiIssue } from '@listready/contracts/errors';
import { toast } from '@listready/ui';
import { ApiRequestError } from '@listready/web-client';

export type ServerFieldIssue = ApiIssue;

/** The server's `message` (DESIGN.md §5), for the failure toasts' text. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.serverMessage : undefined;
}

/** A 400's per-field `issues`, so a message the server found lands under its field like the form's own. */
export function serverFieldIssues(error: unknown): ServerFieldIssue[] {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return [];
  return error.serverError?.issues ?? [];
}

/** The spec's failure toast: a fixed title, the server's message or the screen's fallback text. */
export function showFailureToast(error: unknown, title: string, fallback: string = title): void {
  toast({ title, description: serverMessageOf(error) ?? fallback, variant: 'destructive' });
}
