import type { FuzzException } from '@listready/api-description/fuzz';

/**
 * Routes whose answers differ from the fuzzer's rules by design, each with its reason
 * (docs/quality.md lists them); everything else must answer by the rules.
 */
export const FUZZ_EXCEPTIONS: Record<string, FuzzException> = {
  'GET /api/google-oauth-callback': {
    html: true,
    statuses: [503],
    reason:
      'Google sends the browser here: every answer is a page, and 503 says the operator has not configured Google OAuth (as on the embedded defaults)',
  },
};
