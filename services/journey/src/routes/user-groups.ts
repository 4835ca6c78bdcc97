import {
  groupIdParamsSchema,
  groupJoinSchema,
  groupMemberParamsSchema,
  groupMemberRoleSchema,
  groupWriteSchema,
  userGroupSchema,
  userGroupsSchema,
} from '@listready/contracts';
import { requireUser, type App } from '@listready/service-kit';
import { signedIn } from './journey-access-hooks.ts';
import type { GroupService } from '../groups/group-service.ts';

/**
 * Groups (seller spec §7): any signed-in user creates, joins and lists; owners and admins edit and
 * replace the invite code; the owner deletes.
 */
export function userGroupRoutes(app: App, deps: { groups: GroupService }): void {
  const path = '/api/user-groups';

  app.get(
    path,
    { preValidation: signedIn, schema: { response: { 200: userGroupsSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.groups.list(requireUser(request));
    },
  );

  app.post(
    path,
    { preValidation: signedIn, schema: { body: groupWriteSchema, response: { 201: userGroupSchema } } },
    async (request, reply) =>
      reply.status(201).send(await deps.groups.create(requireUser(request), request.body)),
  );

  app.post(
    `${path}/join`,
    { preValidation: signedIn, schema: { body: groupJoinSchema, response: { 200: userGroupSchema } } },
    async (request) => deps.groups.join(requireUser(request), request.body.inviteCode),
  );

  app.put(
    `${path}/:id`,
    {
      preValidation: signedIn,
      schema: { params: groupIdParamsSchema, body: groupWriteSchema, response: { 200: userGroupSchema } },
    },
    async (request) => deps.groups.update(requireUser(request), request.params.id, request.body),
  );

  app.delete(
    `${path}/:id`,
    { preValidation: signedIn, schema: { params: groupIdParamsSchema } },
    async (request, reply) => {
      await deps.groups.remove(requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${path}/:id/invite-code`,
    { preValidation: signedIn, schema: { params: groupIdParamsSchema, response: { 200: userGroupSchema } } },
    async (request) => deps.groups.replaceInviteCode(requireUser(request), request.params.id),
  );

  app.put(
    `${path}/:id/members/:userId`,
    {
      preValidation: signedIn,
      schema: {
        params: groupMemberParamsSchema,
        body: groupMemberRoleSchema,
        response: { 200: userGroupSchema },
      },
    },
    async (request) =>
      deps.groups.setRole(requireUser(request), request.params.id, request.params.userId, request.body.role),
  );

  app.delete(
    `${path}/:id/members/:userId`,
    { preValidation: signedIn, schema: { params: groupMemberParamsSchema } },
    async (request, reply) => {
      await deps.groups.removeMember(requireUser(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );
}
