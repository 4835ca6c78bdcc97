import type { FastifyReply, FastifyRequest } from 'fastify';
import { googleOAuthSetupResponseSchema, googleSetupMessages } from '@listready/contracts';
import { ForbiddenError, linkOrigin, requireUser, type App } from '@listready/service-kit';
import { CALLBACK_PAGE_CSP, renderCallbackPage, type PageOutcome } from './callback-page.ts';
import type { GoogleSetup } from './google-setup.ts';

/** Signed out: 401 before anything else; a home seller: 403. */
const agentsOnly = async (request: FastifyRequest) => {
  if (requireUser(request).role !== 'agent') throw new ForbiddenError(googleSetupMessages.agentsOnly);
};

/** One query value as Google sends it; a repeated or absent parameter is none. */
const single = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, 4096) : undefined;

function sendPage(reply: FastifyReply, outcome: PageOutcome) {
  const { status, html } = renderCallbackPage(outcome);
  return reply
    .status(status)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CALLBACK_PAGE_CSP,
      // The success page carries the refresh token: no cache, no referrer, no framing.
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
    })
    .send(html);
}

/** `GET /api/google-oauth-setup` and `GET /api/google-oauth-callback` (agent spec §2, §7). */
export function googleSetupRoutes(
  app: App,
  deps: { setup: GoogleSetup; publicUrl: string | undefined },
): void {
  app.get(
    '/api/google-oauth-setup',
    { preValidation: agentsOnly, schema: { response: { 200: googleOAuthSetupResponseSchema } } },
    async (request, reply) => {
      // The URL's state is bound to this sign-in: never from a cache.
      void reply.header('cache-control', 'no-store');
      return deps.setup.authUrl(requireUser(request), linkOrigin(request, deps.publicUrl));
    },
  );

  // A document, not JSON: Google sends the browser here, so every answer is a page saying what happened.
  app.get('/api/google-oauth-callback', async (request, reply) => {
    const user = request.user;
    if (!user) return sendPage(reply, { kind: 'signedOut' });
    if (user.role !== 'agent') return sendPage(reply, { kind: 'notAgent' });
    const query = (request.query ?? {}) as Record<string, unknown>;
    const outcome = await deps.setup.complete(user, linkOrigin(request, deps.publicUrl), {
      code: single(query.code),
      state: single(query.state),
      error: single(query.error),
      errorDescription: single(query.error_description),
    });
    return sendPage(reply, outcome);
  });
}
