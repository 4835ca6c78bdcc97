import { toast } from '@listready/ui';
import { ApiRequestError } from '@listready/web-client';

export interface ServerFieldIssue {
  path: string;
  message: string;
}

/** The server's `message` (DESIGN.md §5), for the failure toasts' text. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.serverMessage : undefined;
}

/** A 400's per-field `issues`, so a message the server found lands under its field like the form's own. */
export function serverFieldIssues(error: unknown): ServerFieldIssue[] {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return [];
  try {
    const body: unknown = JSON.parse(error.body);
    if (!body || typeof body !== 'object' || !('issues' in body) || !Array.isArray(body.issues)) return [];
    return body.issues.filter(
      (issue: unknown): issue is ServerFieldIssue =>
        !!issue &&
        typeof issue === 'object' &&
        typeof (issue as Record<string, unknown>).path === 'string' &&
        typeof (issue as Record<string, unknown>).message === 'string',
    );
  } catch {
    return [];
  }
}

/** The spec's failure toast: a fixed title, the server's message or the screen's fallback text. */
export function showFailureToast(error: unknown, title: string, fallback: string = title): void {
  toast({ title, description: serverMessageOf(error) ?? fallback, variant: 'destructive' });
}
