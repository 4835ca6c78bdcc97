import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAccountSchema, publicUserSchema, signedInSessionsSchema } from '@listready/contracts';
import { SESSION_COOKIE } from '@listready/service-kit';
import {
  authAuthorizationRows,
  authorizationFailures,
  registeredApiRoutes,
  routesOf,
  type Person,
  type SignedInCaller,
} from '@listready/service-kit/testing';
import { useTestDatabase } from '@listready/testing';
import { newRegistration, sessionCookieOf, startTestAuthService } from '../testing/test-auth-service.ts';

type Auth = Awaited<ReturnType<typeof startTestAuthService>>;

/**
 * Who may call every route of the auth service, as data: a seller (A), a member of A's household, a
 * seller outside it (B), A's agent, another agent, and nobody signed in — the auth part of the
 * platform's one table (libs/service-kit/src/testing/authorization-table.ts). Accounts are what
 * auth knows of people, so the callers here are five accounts of the right roles. A route the
 * service registers without a row in the table fails the test.
 */
describe('authorization on every auth route', () => {
  const database = useTestDatabase();
  let auth: Auth;
  const people = {} as Record<SignedInCaller, Person>;
  const sessions = {} as Record<SignedInCaller, { cookie: string }>;
  const names = {} as Record<SignedInCaller, { firstName: string; lastName: string }>;
  const passwords = {} as Record<string, string>;
  let signInAccount = { email: '', password: '' };

  const register = async (role: 'client' | 'agent', firstName: string) => {
    const body = newRegistration({ role, firstName });
    const response = await auth.app.inject({ method: 'POST', url: '/api/register', payload: body });
    expect(response.statusCode).toBe(201);
    passwords[body.email] = body.password;
    return { body, user: publicUserSchema.parse(response.json()), cookie: sessionCookieOf(response) };
  };
  const signIn = async (email: string) => {
    const response = await auth.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: passwords[email] },
    });
    expect(response.statusCode).toBe(200);
    return sessionCookieOf(response);
  };

  beforeAll(async () => {
    auth = await startTestAuthService(database.current);
    const roles = {
      seller: 'client',
      member: 'client',
      otherSeller: 'client',
      agent: 'agent',
      otherAgent: 'agent',
    };
    for (const [caller, role] of Object.entries(roles) as [SignedInCaller, 'client' | 'agent'][]) {
      const { body, user, cookie } = await register(role, caller);
      const agentId =
        role === 'agent'
          ? agentAccountSchema.parse(
              (
                await auth.app.inject({ url: '/api/agents/current', cookies: { [SESSION_COOKIE]: cookie } })
              ).json(),
            ).id
          : null;
      people[caller] = { userId: user.id, email: user.email, agentId };
      names[caller] = { firstName: body.firstName, lastName: body.lastName };
      sessions[caller] = { cookie };
    }
    const kept = await register('client', 'Kept');
    signInAccount = { email: kept.body.email, password: kept.body.password };
  });
  afterAll(() => auth.stop());

  const rows = () =>
    authAuthorizationRows({
      people,
      newAddress: () => newRegistration().email,
      newSession: (caller) => signIn(people[caller].email),
      newSessionIdOf: async (caller) => {
        const cookie = await signIn(people[caller].email);
        const listed = signedInSessionsSchema.parse(
          (
            await auth.app.inject({ url: '/api/auth/user/sessions', cookies: { [SESSION_COOKIE]: cookie } })
          ).json(),
        );
        const current = listed.sessions.find((session) => session.current);
        if (!current) throw new Error('a new session is not in its own list');
        return current.id;
      },
      signInAccount,
      namesOf: (caller) => names[caller],
    });

  it('has a row for every route the service registers', () => {
    expect(routesOf(rows())).toEqual(registeredApiRoutes(auth.app));
  });

  it('gives each caller exactly its access', async () => {
    expect(await authorizationFailures(auth.app, sessions, rows())).toEqual([]);
  });
});
