import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  apiErrorSchema,
  INVITATION_RESENDS_PER_DAY,
  invitationMessages,
  invitationResponseSchema,
  SENT_INVITATIONS_LISTED,
  sentInvitationsSchema,
  type DomainEvent,
} from '@listready/contracts';
import { brandingConfigs, invitationOutbox, invitations } from '@listready/db';
import { createDevMailbox, type Mailer, type SmsSender } from '@listready/messaging';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  eventually,
  must,
  startEventProbe,
  startTestInvitationService,
  type TestInvitationService,
  type TestUser,
} from '../testing/test-invitation-service.ts';

const database = useTestDatabase();
const ORIGIN = 'https://listready.example.com';

/** The service of the describe block it is called in, its clock back to the real time after each test. */
function useInvitationService() {
  const running = {} as { current: TestInvitationService };
  beforeAll(async () => {
    running.current = await startTestInvitationService(database.current);
  });
  afterAll(() => running.current.stop());
  afterEach(() => running.current.setNow(null));
  return running;
}

describe('POST /api/invitations', () => {
  const running = useInvitationService();

  const invite = (user: TestUser | null, payload: Record<string, unknown>) =>
    running.current.app.inject({
      method: 'POST',
      url: '/api/invitations',
      payload,
      headers: { origin: ORIGIN },
      ...(user ? as(user) : {}),
    });
  const rowOf = async (id: string) =>
    must((await database.current.db.select().from(invitations).where(eq(invitations.id, id)))[0]);
  const mailbox = () => createDevMailbox(database.current);
  let sequence = 0;
  const newAddress = () => `invitee-${Date.now()}-${++sequence}@example.com`;

  it('answers 401 to a signed-out caller', async () => {
    const response = await invite(null, { name: 'Sam', email: newAddress(), type: 'agent-to-client' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Unauthorized' });
  });

  it.each([
    [
      { name: 'S', email: 'sam@example.com', type: 'agent-to-client' },
      'name',
      'Name must be at least 2 characters',
    ],
    [{ name: 'Sam', email: 'not-an-address', type: 'agent-to-client' }, 'email', 'Invalid email address'],
    [
      { name: 'Sam', email: 'sam@example.com', type: 'sideways' },
      'type',
      'Invitation type must be agent-to-client or client-to-agent',
    ],
    // A national number: the text could not go (Twilio takes E.164 only), so it is refused, not stored.
    [
      { name: 'Sam', email: 'sam@example.com', phoneNumber: '(555) 010-0142', type: 'agent-to-client' },
      'phoneNumber',
      'Phone number must be in international format, e.g. +1 555 123 4567',
    ],
  ])('refuses %o with the spec message on %s', async (payload, path, message) => {
    const agent = await running.current.signUp('agent');
    const response = await invite(agent, payload);
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.issues).toContainEqual({ path, message });
  });

  it('refuses an invitation to the inviter’s own address (400), storing nothing', async () => {
    const seller = await running.current.signUp('client');
    const response = await invite(seller, {
      name: 'Me',
      email: seller.email.toUpperCase(),
      type: 'client-to-agent',
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).issues).toEqual([
      { path: 'email', message: 'You cannot invite yourself' },
    ]);
    const stored = await database.current.db
      .select()
      .from(invitations)
      .where(eq(invitations.inviterUserId, seller.userId));
    expect(stored).toEqual([]);
  });

  it('lets only agents invite clients and only sellers invite agents (403)', async () => {
    const agent = await running.current.signUp('agent');
    const seller = await running.current.signUp('client');
    const bySeller = await invite(seller, { name: 'Sam', email: newAddress(), type: 'agent-to-client' });
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json()).toMatchObject({ message: 'Only agents can invite clients' });
    const byAgent = await invite(agent, { name: 'Sam', email: newAddress(), type: 'client-to-agent' });
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json()).toMatchObject({ message: 'Only home sellers can invite their agent' });
  });

  it('stores an agent-to-client invitation, e-mails the sign-up link (text and HTML) and texts it', async () => {
    const agent = await running.current.signUp('agent');
    const email = newAddress();
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const response = await invite(agent, {
      name: 'Sam Seller',
      email,
      phoneNumber: phone,
      type: 'agent-to-client',
    });
    expect(response.statusCode).toBe(200);
    const body = invitationResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      email: { success: true, error: null },
      sms: { success: true, error: null },
    });

    const row = await rowOf(body.invitationId);
    expect(row).toMatchObject({
      type: 'agent-to-client',
      inviterUserId: agent.userId,
      inviteeEmail: email,
      inviteeName: 'Sam Seller',
      inviteePhone: phone,
      status: 'pending',
      emailSent: true,
      smsSent: true,
    });
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetime).toBe(30 * 24 * 60 * 60 * 1000);

    // Sign-up with the invitation, the form starting with the address it went to (in the fragment).
    expect(email).toMatch(/^[\w.-]+@[\w.-]+$/);
    const link = `${ORIGIN}/auth?invitation=${body.invitationId}#email=${email.replace('@', '%40')}`;
    const [mail] = await mailbox().list(email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Ann Lee invited you to ListReady' });
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link}"`);
    const [text] = await mailbox().list(phone);
    expect(text).toMatchObject({ channel: 'sms' });
    expect(text?.text).toContain(link);
  });

  it('sends a seller’s invitation to the acceptance page, from PUBLIC_URL when set; no phone, no SMS', async () => {
    const withPublicUrl = await startTestInvitationService(database.current, {
      env: { PUBLIC_URL: 'https://app.listready.test/' },
    });
    try {
      const seller = await withPublicUrl.signUp('client');
      const email = newAddress();
      const response = await withPublicUrl.app.inject({
        method: 'POST',
        url: '/api/invitations',
        payload: { name: 'Alex Agent', email, type: 'client-to-agent' },
        headers: { origin: 'https://evil.example.com' },
        ...as(seller),
      });
      expect(response.statusCode).toBe(200);
      const body = invitationResponseSchema.parse(response.json());
      expect(body.sms).toEqual({ success: false, error: null });
      expect(await rowOf(body.invitationId)).toMatchObject({ emailSent: true, smsSent: false });
      const [mail] = await mailbox().list(email);
      expect(mail?.subject).toBe('Ann Lee invited you to be their agent on ListReady');
      expect(mail?.text).toContain(`https://app.listready.test/accept-invitation?id=${body.invitationId}`);
      expect(mail?.text).not.toContain('evil');
    } finally {
      await withPublicUrl.stop();
    }
  });

  it('carries the agent’s company name and colours when branding is set', async () => {
    const agent = await running.current.signUp('agent');
    await database.current.db.insert(brandingConfigs).values({
      agentId: must(agent.agentId),
      companyName: 'Lakeside Realty',
      primaryColor: '#112233',
      headerBackgroundColor: '#445566',
    });
    const email = newAddress();
    expect((await invite(agent, { name: 'Sam', email, type: 'agent-to-client' })).statusCode).toBe(200);
    const [mail] = await mailbox().list(email);
    expect(mail?.subject).toBe('Lakeside Realty: Ann Lee invited you to ListReady');
    expect(mail?.text).toContain('Ann Lee of Lakeside Realty invited you');
    expect(mail?.html).toContain('background:#112233');
    expect(mail?.html).toContain('background:#445566');
  });

  it('keeps the e-mail’s button the brand purple when an agent saves branding without choosing a colour', async () => {
    const unbranded = await running.current.signUp('agent');
    const branded = await running.current.signUp('agent');
    // A logo and a name saved, the primary colour left as the form and the table default it.
    await database.current.db.insert(brandingConfigs).values({
      agentId: must(branded.agentId),
      companyName: 'Lakeside Realty',
    });
    const buttons: string[] = [];
    for (const agent of [unbranded, branded]) {
      const email = newAddress();
      expect((await invite(agent, { name: 'Sam', email, type: 'agent-to-client' })).statusCode).toBe(200);
      const [mail] = await mailbox().list(email);
      buttons.push(/<a [^>]*background:(#[0-9A-Fa-f]{6})/.exec(mail?.html ?? '')?.[1] ?? 'none');
    }
    expect(buttons).toEqual(['#9333EA', '#9333EA']);
  });

  it('answers 400 "already been sent" for a pending invitation to the same address, in any case', async () => {
    const agent = await running.current.signUp('agent', { agent: { subscriptionType: 'monthly' } });
    const email = newAddress();
    expect((await invite(agent, { name: 'Sam', email, type: 'agent-to-client' })).statusCode).toBe(200);
    const again = await invite(agent, { name: 'Sam', email: email.toUpperCase(), type: 'agent-to-client' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVITATION_ALREADY_SENT' });
    expect(again.json().message).toContain('already been sent');
    // Another inviter may still invite that address.
    const other = await running.current.signUp('agent');
    expect((await invite(other, { name: 'Sam', email, type: 'agent-to-client' })).statusCode).toBe(200);
  });

  it('expires an invitation after 30 days: it is marked expired and a new one may be sent', async () => {
    const agent = await running.current.signUp('agent', { agent: { subscriptionType: 'monthly' } });
    const email = newAddress();
    const first = invitationResponseSchema.parse(
      (await invite(agent, { name: 'Sam', email, type: 'agent-to-client' })).json(),
    );
    running.current.setNow(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000 + 60_000));
    const second = await invite(agent, { name: 'Sam', email, type: 'agent-to-client' });
    expect(second.statusCode).toBe(200);
    expect((await rowOf(first.invitationId)).status).toBe('expired');
  });

  it('limits a trial agent to inviteLimit invitations, with the limit in the message', async () => {
    const agent = await running.current.signUp('agent', { agent: { inviteLimit: 2 } });
    for (let sent = 0; sent < 2; sent += 1) {
      expect(
        (await invite(agent, { name: 'Sam', email: newAddress(), type: 'agent-to-client' })).statusCode,
      ).toBe(200);
    }
    const third = await invite(agent, { name: 'Sam', email: newAddress(), type: 'agent-to-client' });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      code: 'INVITE_LIMIT_REACHED',
      message:
        'Your trial allows 2 invitations and all 2 have been used. Upgrade your subscription to invite more clients.',
    });
    // A refused duplicate is not a new invitation: it does not count.
    const paid = await running.current.signUp('agent', {
      agent: { subscriptionType: 'annual', inviteLimit: 1 },
    });
    for (let sent = 0; sent < 3; sent += 1) {
      expect(
        (await invite(paid, { name: 'Sam', email: newAddress(), type: 'agent-to-client' })).statusCode,
      ).toBe(200);
    }
  });

  it('counts a duplicate refusal nowhere: the fifth new address still goes through', async () => {
    const agent = await running.current.signUp('agent');
    const repeated = newAddress();
    expect((await invite(agent, { name: 'Sam', email: repeated, type: 'agent-to-client' })).statusCode).toBe(
      200,
    );
    expect((await invite(agent, { name: 'Sam', email: repeated, type: 'agent-to-client' })).statusCode).toBe(
      400,
    );
    for (let sent = 0; sent < 4; sent += 1) {
      expect(
        (await invite(agent, { name: 'Sam', email: newAddress(), type: 'agent-to-client' })).statusCode,
      ).toBe(200);
    }
    expect(
      (await invite(agent, { name: 'Sam', email: newAddress(), type: 'agent-to-client' })).statusCode,
    ).toBe(403);
  });

  it('lets exactly 5 of 20 concurrent invitations by a trial agent through', async () => {
    const agent = await running.current.signUp('agent');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        invite(agent, { name: 'Sam', email: newAddress(), type: 'agent-to-client' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(403)]);
    const stored = await database.current.db
      .select()
      .from(invitations)
      .where(eq(invitations.inviterUserId, agent.userId));
    expect(stored).toHaveLength(5);
  });

  it('writes invitation-sent to the outbox with the row, and a consumer receives it once', async () => {
    const probe = await startEventProbe(database.current, running.current.transport, ['invitation-sent']);
    try {
      const seller = await running.current.signUp('client');
      const email = newAddress();
      const body = invitationResponseSchema.parse(
        (
          await invite(seller, {
            name: 'Alex Agent',
            email,
            phoneNumber: '+15550123',
            type: 'client-to-agent',
          })
        ).json(),
      );
      const outbox = await database.current.db
        .select()
        .from(invitationOutbox)
        .where(eq(invitationOutbox.key, body.invitationId));
      expect(outbox).toHaveLength(1);
      await eventually(() => probe.received.some((event) => event.key === body.invitationId));
      // A refused duplicate writes nothing.
      expect((await invite(seller, { name: 'Alex Agent', email, type: 'client-to-agent' })).statusCode).toBe(
        400,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mine = probe.received.filter(
        (event): event is DomainEvent<'invitation-sent'> =>
          event.type === 'invitation-sent' && event.data.inviterUserId === seller.userId,
      );
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        version: 2,
        producer: 'invitation',
        key: body.invitationId,
        data: {
          invitationId: body.invitationId,
          type: 'client-to-agent',
          inviterUserId: seller.userId,
          inviteeEmail: email,
          inviteeName: 'Alex Agent',
          inviteePhone: '+15550123',
        },
      });
    } finally {
      await probe.stop();
    }
  });
});

describe('POST /api/invitations when a channel fails', () => {
  const failingMailer: Mailer = {
    engine: 'gmail',
    send: () => Promise.reject(new Error('Gmail did not accept the message: quota exceeded')),
  };
  const failingSms: SmsSender = {
    engine: 'twilio',
    send: () => Promise.reject(new Error("Twilio did not accept the message: The 'To' number is not valid.")),
  };

  it.each([
    [
      'e-mail',
      { mailer: failingMailer },
      { success: false, error: 'Gmail did not accept the message: quota exceeded' },
      { success: true, error: null },
    ],
    [
      'SMS',
      { smsSender: failingSms },
      { success: true, error: null },
      { success: false, error: "Twilio did not accept the message: The 'To' number is not valid." },
    ],
    [
      'both',
      { mailer: failingMailer, smsSender: failingSms },
      { success: false, error: 'Gmail did not accept the message: quota exceeded' },
      { success: false, error: "Twilio did not accept the message: The 'To' number is not valid." },
    ],
  ])(
    'reports a failed %s channel in the answer and on the row, and keeps the invitation',
    async (_, deps, email, sms) => {
      const service = await startTestInvitationService(database.current, { deps });
      try {
        const agent = await service.signUp('agent');
        const response = await service.app.inject({
          method: 'POST',
          url: '/api/invitations',
          payload: {
            name: 'Sam',
            email: `fail-${Date.now()}@example.com`,
            phoneNumber: '+15550100',
            type: 'agent-to-client',
          },
          ...as(agent),
        });
        expect(response.statusCode).toBe(200);
        const body = invitationResponseSchema.parse(response.json());
        expect(body.email).toEqual(email);
        expect(body.sms).toEqual(sms);
        const [row] = await database.current.db
          .select()
          .from(invitations)
          .where(eq(invitations.id, body.invitationId));
        expect(row).toMatchObject({ status: 'pending', emailSent: email.success, smsSent: sms.success });
      } finally {
        await service.stop();
      }
    },
  );
});

/** `user` invites through `service` (from ORIGIN): the new invitation's id. */
async function sent(service: TestInvitationService, user: TestUser, payload: Record<string, unknown>) {
  const response = await service.app.inject({
    method: 'POST',
    url: '/api/invitations',
    payload,
    headers: { origin: ORIGIN },
    ...as(user),
  });
  expect(response.statusCode).toBe(200);
  return invitationResponseSchema.parse(response.json()).invitationId;
}

/** `user` accepts `invitationId` through `service`. */
async function acceptedBy(service: TestInvitationService, user: TestUser, invitationId: string) {
  const response = await service.app.inject({
    method: 'POST',
    url: '/api/accept-invitation',
    payload: { invitationId },
    ...as(user),
  });
  expect(response.statusCode).toBe(200);
}

describe('GET /api/invitations', () => {
  const running = useInvitationService();

  const send = (user: TestUser, payload: Record<string, unknown>) => sent(running.current, user, payload);
  const list = async (user: TestUser | null) => {
    const response = await running.current.app.inject({ url: '/api/invitations', ...(user ? as(user) : {}) });
    return { status: response.statusCode, headers: response.headers, body: response.json() as unknown };
  };
  const listOf = async (user: TestUser) => sentInvitationsSchema.parse((await list(user)).body);

  it('answers 401 to a signed-out caller', async () => {
    expect((await list(null)).status).toBe(401);
  });

  it('lists what the caller sent, newest first, with each channel’s outcome; nobody else’s', async () => {
    const agent = await running.current.signUp('agent');
    const seller = await running.current.signUp('client');
    const otherSeller = await running.current.signUp('client');
    const startedAt = new Date('2030-03-01T09:00:00.000Z');
    running.current.setNow(startedAt);
    const first = await send(agent, {
      name: 'Pat Lane',
      email: 'pat.lane@example.com',
      type: 'agent-to-client',
    });
    running.current.setNow(new Date(startedAt.getTime() + 60_000));
    const second = await send(agent, {
      name: 'Rae Moss',
      email: 'rae.moss@example.com',
      phoneNumber: '+1 555 010 0199',
      type: 'agent-to-client',
    });
    const sellers = await send(seller, {
      name: 'Al Agent',
      email: 'al.agent@example.com',
      type: 'client-to-agent',
    });

    const answer = await list(agent);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(sentInvitationsSchema.parse(answer.body)).toEqual([
      {
        id: second,
        type: 'agent-to-client',
        name: 'Rae Moss',
        email: 'rae.moss@example.com',
        // Kept as the text was sent to it: E.164.
        phoneNumber: '+15550100199',
        status: 'pending',
        emailSent: true,
        smsSent: true,
        sentAt: '2030-03-01T09:01:00.000Z',
        expiresAt: '2030-03-31T09:01:00.000Z',
        acceptedAt: null,
      },
      {
        id: first,
        type: 'agent-to-client',
        name: 'Pat Lane',
        email: 'pat.lane@example.com',
        phoneNumber: null,
        status: 'pending',
        emailSent: true,
        smsSent: false,
        sentAt: '2030-03-01T09:00:00.000Z',
        expiresAt: '2030-03-31T09:00:00.000Z',
        acceptedAt: null,
      },
    ]);
    expect((await listOf(seller)).map((invitation) => invitation.id)).toEqual([sellers]);
    expect(await listOf(otherSeller)).toEqual([]);
  });

  it('says expired once the time has passed, without writing it; accepted with its time', async () => {
    const agent = await running.current.signUp('agent');
    const seller = await running.current.signUp('client', { email: `accepting-${Date.now()}@example.com` });
    running.current.setNow(new Date('2030-04-01T09:00:00.000Z'));
    const lapsing = await send(agent, {
      name: 'Lou Late',
      email: 'lou.late@example.com',
      type: 'agent-to-client',
    });
    const accepted = await send(agent, { name: 'Sal Seller', email: seller.email, type: 'agent-to-client' });
    running.current.setNow(new Date('2030-04-02T10:00:00.000Z'));
    await acceptedBy(running.current, seller, accepted);

    running.current.setNow(new Date('2030-05-01T09:00:00.000Z'));
    const byId = new Map((await listOf(agent)).map((invitation) => [invitation.id, invitation]));
    expect(byId.get(lapsing)?.status).toBe('expired');
    expect(byId.get(accepted)).toMatchObject({ status: 'accepted', acceptedAt: '2030-04-02T10:00:00.000Z' });
    const [row] = await database.current.db.select().from(invitations).where(eq(invitations.id, lapsing));
    expect(row?.status).toBe('pending');
  });

  it('lists at most the newest 100', async () => {
    const agent = await running.current.signUp('agent', { agent: { inviteLimit: 1_000 } });
    const base = new Date('2030-06-01T00:00:00.000Z').getTime();
    await database.current.db.insert(invitations).values(
      Array.from({ length: SENT_INVITATIONS_LISTED + 5 }, (_, index) => ({
        type: 'agent-to-client' as const,
        inviterUserId: agent.userId,
        inviteeEmail: `bulk-${index}@example.com`,
        inviteeName: `Bulk ${index}`,
        expiresAt: new Date(base + 40 * 86_400_000),
        createdAt: new Date(base + index * 1_000),
      })),
    );
    const listed = await listOf(agent);
    expect(listed).toHaveLength(SENT_INVITATIONS_LISTED);
    expect(listed[0]?.name).toBe(`Bulk ${SENT_INVITATIONS_LISTED + 4}`);
    expect(listed.at(-1)?.name).toBe('Bulk 5');
  });
});

describe('POST /api/invitations/{id}/resend', () => {
  const running = useInvitationService();

  const mailbox = () => createDevMailbox(database.current);
  let sequence = 0;
  const newAddress = () => `resent-${Date.now()}-${++sequence}@example.com`;
  const send = (user: TestUser, payload: Record<string, unknown>) => sent(running.current, user, payload);
  const resend = (user: TestUser | null, id: string) =>
    running.current.app.inject({
      method: 'POST',
      url: `/api/invitations/${encodeURIComponent(id)}/resend`,
      headers: { origin: ORIGIN },
      ...(user ? as(user) : {}),
    });
  const rowOf = async (id: string) =>
    must((await database.current.db.select().from(invitations).where(eq(invitations.id, id)))[0]);

  it('sends the same link again by e-mail and text, and the link works 30 days from now', async () => {
    const agent = await running.current.signUp('agent');
    const email = newAddress();
    const phone = `+1 555 ${String(Date.now()).slice(-7)}`;
    running.current.setNow(new Date('2030-03-01T09:00:00.000Z'));
    const id = await send(agent, { name: 'Pat Lane', email, phoneNumber: phone, type: 'agent-to-client' });
    const events = await database.current.db.select().from(invitationOutbox);

    running.current.setNow(new Date('2030-03-20T09:00:00.000Z'));
    const response = await resend(agent, id);
    expect(response.statusCode).toBe(200);
    expect(invitationResponseSchema.parse(response.json())).toEqual({
      invitationId: id,
      email: { success: true, error: null },
      sms: { success: true, error: null },
    });
    // An agent's invitation leads to sign-up with the invitation (as the first one did).
    const link = `${ORIGIN}/auth?invitation=${id}#email=${email.replace('@', '%40')}`;
    const mails = await mailbox().list(email);
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.text.includes(link))).toBe(true);
    // Both texts went to the number in E.164, as typed without its spaces.
    expect((await mailbox().list(phone.replaceAll(' ', ''))).map((text) => text.text.includes(link))).toEqual(
      [true, true],
    );
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      expiresAt: new Date('2030-04-19T09:00:00.000Z'),
      emailSent: true,
      smsSent: true,
    });
    // The same invitation: no second invitation-sent event.
    expect(await database.current.db.select().from(invitationOutbox)).toHaveLength(events.length);
  });

  it('does not text a national number stored before the form required E.164, and says why', async () => {
    const agent = await running.current.signUp('agent');
    const email = newAddress();
    const national = `(212) 555-${String(Date.now()).slice(-4)}`;
    const [row] = await database.current.db
      .insert(invitations)
      .values({
        type: 'agent-to-client',
        inviterUserId: agent.userId,
        inviteeEmail: email,
        inviteeName: 'Old Number',
        inviteePhone: national,
        expiresAt: new Date(Date.now() + 10 * 86_400_000),
      })
      .returning({ id: invitations.id });
    const id = must(row).id;

    const response = await resend(agent, id);
    expect(response.statusCode).toBe(200);
    expect(invitationResponseSchema.parse(response.json())).toEqual({
      invitationId: id,
      email: { success: true, error: null },
      sms: { success: false, error: invitationMessages.textNeedsCountryCode },
    });
    expect(await mailbox().list(email)).toHaveLength(1);
    // Not handed to the SMS sender at all, in any spelling.
    expect(await mailbox().list(national)).toEqual([]);
    expect(await mailbox().list(national.replace(/\D/g, ''))).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ emailSent: true, smsSent: false });
  });

  it('is its sender’s only: 401 signed out, 404 for anyone else, as for an unknown id', async () => {
    const agent = await running.current.signUp('agent');
    const otherAgent = await running.current.signUp('agent');
    const seller = await running.current.signUp('client');
    const id = await send(agent, { name: 'Pat Lane', email: newAddress(), type: 'agent-to-client' });
    expect((await resend(null, id)).statusCode).toBe(401);
    for (const caller of [otherAgent, seller]) {
      const refused = await resend(caller, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'INVITATION_NOT_FOUND', message: 'Invitation not found' });
    }
    expect((await resend(agent, 'no-such-invitation')).statusCode).toBe(404);
    expect((await resend(agent, 'x'.repeat(101))).statusCode).toBe(414);
    // A seller's own invitation to an agent: theirs to send again.
    const sellers = await send(seller, { name: 'Al Agent', email: newAddress(), type: 'client-to-agent' });
    expect((await resend(seller, sellers)).statusCode).toBe(200);
  });

  it('refuses an accepted invitation (409) and an expired one (410), sending nothing', async () => {
    const agent = await running.current.signUp('agent');
    const sellerEmail = newAddress();
    const seller = await running.current.signUp('client', { email: sellerEmail });
    const accepted = await send(agent, { name: 'Sal Seller', email: sellerEmail, type: 'agent-to-client' });
    await acceptedBy(running.current, seller, accepted);
    const conflict = await resend(agent, accepted);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      code: 'INVITATION_ACCEPTED',
      message: 'This invitation has already been accepted',
    });

    const lapsedAddress = newAddress();
    running.current.setNow(new Date('2030-05-01T09:00:00.000Z'));
    const lapsed = await send(agent, { name: 'Lou Late', email: lapsedAddress, type: 'agent-to-client' });
    running.current.setNow(new Date('2030-06-01T09:00:00.000Z'));
    const gone = await resend(agent, lapsed);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      code: 'INVITATION_EXPIRED',
      message: 'This invitation has expired. Send a new invitation instead.',
    });
    expect(await mailbox().list(sellerEmail)).toHaveLength(1);
    expect(await mailbox().list(lapsedAddress)).toHaveLength(1);
  });

  it(`sends one invitation again at most ${INVITATION_RESENDS_PER_DAY} times a day (429 with Retry-After)`, async () => {
    const agent = await running.current.signUp('agent');
    const email = newAddress();
    const id = await send(agent, { name: 'Pat Lane', email, type: 'agent-to-client' });
    for (let time = 0; time < INVITATION_RESENDS_PER_DAY; time += 1)
      expect((await resend(agent, id)).statusCode).toBe(200);
    const refused = await resend(agent, id);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    expect(refused.json()).toMatchObject({
      message: `An invitation can be sent again ${INVITATION_RESENDS_PER_DAY} times a day. Try again tomorrow.`,
    });
    expect(await mailbox().list(email)).toHaveLength(1 + INVITATION_RESENDS_PER_DAY);
    // Another invitation has its own count.
    const other = await send(agent, { name: 'Rae Moss', email: newAddress(), type: 'agent-to-client' });
    expect((await resend(agent, other)).statusCode).toBe(200);
  });
});

describe('POST /api/invitations/{id}/resend when a channel fails', () => {
  /**
   * An agent's invitation (no phone number) on a service whose Gmail fails with `error` while
   * `mail.failing`; `resend` sends it again.
   */
  async function withFlakyMail(
    error: string,
    run: (context: {
      mail: { failing: boolean };
      invitationId: string;
      resend: () => Promise<LightMyRequestResponse>;
    }) => Promise<void>,
  ) {
    const mail = { failing: false };
    const flakyMailer: Mailer = {
      engine: 'gmail',
      send: async () => {
        if (mail.failing) throw new Error(error);
        return { id: 'gmail-message-1' };
      },
    };
    const service = await startTestInvitationService(database.current, { deps: { mailer: flakyMailer } });
    try {
      const agent = await service.signUp('agent');
      const created = await service.app.inject({
        method: 'POST',
        url: '/api/invitations',
        payload: { name: 'Pat Lane', email: `flaky-${Date.now()}@example.com`, type: 'agent-to-client' },
        ...as(agent),
      });
      const { invitationId } = invitationResponseSchema.parse(created.json());
      const resend = () =>
        service.app.inject({ method: 'POST', url: `/api/invitations/${invitationId}/resend`, ...as(agent) });
      await run({ mail, invitationId, resend });
    } finally {
      await service.stop();
    }
  }

  it('answers each channel’s outcome, and keeps the row’s record of an earlier delivery', async () => {
    await withFlakyMail(
      'Gmail did not accept the message: quota exceeded',
      async ({ mail, invitationId, resend }) => {
        mail.failing = true;
        const response = await resend();
        expect(response.statusCode).toBe(200);
        expect(invitationResponseSchema.parse(response.json()).email).toEqual({
          success: false,
          error: 'Gmail did not accept the message: quota exceeded',
        });
        const [row] = await database.current.db
          .select()
          .from(invitations)
          .where(eq(invitations.id, invitationId));
        expect(row?.emailSent).toBe(true);
      },
    );
  });

  it('does not count a resend that reached nobody against the day’s resends', async () => {
    await withFlakyMail('Gmail is not connected yet', async ({ mail, resend }) => {
      // No phone number, and the e-mail fails: reached nobody, as often as it is tried.
      mail.failing = true;
      for (let time = 0; time < INVITATION_RESENDS_PER_DAY + 2; time += 1) {
        const response = await resend();
        expect(response.statusCode).toBe(200);
        expect(invitationResponseSchema.parse(response.json()).email.success).toBe(false);
      }
      // Mail works again: the day's resends are all still there.
      mail.failing = false;
      for (let time = 0; time < INVITATION_RESENDS_PER_DAY; time += 1)
        expect((await resend()).statusCode).toBe(200);
      expect((await resend()).statusCode).toBe(429);
    });
  });
});
