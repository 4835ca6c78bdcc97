import type { FastifyRequest } from 'fastify';
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  invitationIdParamsSchema,
  invitationRequestSchema,
  invitationResponseSchema,
  sentInvitationsSchema,
} from '@listready/contracts';
import { linkOrigin, requireUser, type App } from '@listready/service-kit';
import type { InvitationService } from '../invitations/invitation-service.ts';

/** Signed-out callers get 401 before their input is looked at. */
const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

/**
 * `POST /api/invitations` and `POST /api/accept-invitation` (agent spec §7); `GET /api/invitations`,
 * the caller's own sent invitations, and `POST /api/invitations/{id}/resend`, one of them sent
 * again (ours).
 */
export function invitationRoutes(
  app: App,
  deps: { invitations: InvitationService; publicUrl: string | undefined },
): void {
  app.post(
    '/api/invitations',
    {
      preValidation: signedIn,
      schema: { body: invitationRequestSchema, response: { 200: invitationResponseSchema } },
    },
    async (request) =>
      deps.invitations.create(requireUser(request), request.body, linkOrigin(request, deps.publicUrl)),
  );

  app.get(
    '/api/invitations',
    { preValidation: signedIn, schema: { response: { 200: sentInvitationsSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.invitations.listSent(requireUser(request));
    },
  );

  app.post(
    '/api/invitations/:invitationId/resend',
    {
      preValidation: signedIn,
      schema: { params: invitationIdParamsSchema, response: { 200: invitationResponseSchema } },
    },
    async (request) =>
      deps.invitations.resend(
        requireUser(request),
        request.params.invitationId,
        linkOrigin(request, deps.publicUrl),
      ),
  );

  app.post(
    '/api/accept-invitation',
    {
      preValidation: signedIn,
      schema: { body: acceptInvitationRequestSchema, response: { 200: acceptInvitationResponseSchema } },
    },
    async (request) => deps.invitations.accept(requireUser(request), request.body.invitationId),
  );
}
