import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitationResponseSchema } from '@listready/contracts';
import { invitations } from '@listready/db';
import { createMailer, createSmsSender, type MessagingConfig } from '@listready/messaging';
import { startFakeHttpServer, type FakeResponse, type RecordedRequest } from '@listready/messaging/testing';
import { useTestDatabase } from '@listready/testing';
import { as, must, startTestInvitationService } from '../testing/test-invitation-service.ts';

/**
 * The invitation's channels through the real Gmail and Twilio client libraries, their base URLs
 * pointed at local fakes: the exact requests, and what a refusal or a silence becomes.
 */
const database = useTestDatabase();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const ACCOUNT_SID = `AC${'a'.repeat(32)}`;
const engines: MessagingConfig = {
  GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'client-secret',
  GOOGLE_REFRESH_TOKEN: 'refresh-token-1',
  MAIL_FROM: 'ListReady <homes@example.com>',
  TWILIO_ACCOUNT_SID: ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: 'auth-token',
  TWILIO_FROM: '+15550199',
};
const googleAnswers = (request: RecordedRequest): FakeResponse =>
  request.url.startsWith('/token')
    ? { status: 200, body: { access_token: 'fake-access-token', expires_in: 3600, token_type: 'Bearer' } }
    : { status: 200, body: { id: 'gmail-message-1', threadId: 'thread-1', labelIds: ['SENT'] } };
const twilioAnswers = (): FakeResponse => ({
  status: 201,
  body: { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' },
});

/** A server that accepts requests and never answers (a hung API). */
async function startSilentServer() {
  const sockets = new Set<Socket>();
  const server: Server = createServer(() => undefined);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function startWithEngines(googleUrl: string, twilioUrl: string, env: Record<string, string> = {}) {
  const mailer = createMailer({
    config: engines,
    database: database.current,
    gmail: { rootUrl: googleUrl, tokenUrl: `${googleUrl}/token` },
  });
  const smsSender = createSmsSender({
    config: engines,
    database: database.current,
    twilio: { baseUrl: twilioUrl },
  });
  const service = await startTestInvitationService(database.current, {
    env: { PUBLIC_URL: 'https://app.listready.test', ...env },
    deps: { mailer, smsSender },
  });
  closers.push(service.stop);
  const agent = await service.signUp('agent');
  const send = async () => {
    const email = `client-${Date.now()}@example.com`;
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/invitations',
      // As people type it: Twilio gets it in E.164.
      payload: { name: 'Sam Seller', email, phoneNumber: '+1 (555) 010-0100', type: 'agent-to-client' },
      ...as(agent),
    });
    expect(response.statusCode).toBe(200);
    const body = invitationResponseSchema.parse(response.json());
    const [row] = await database.current.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, body.invitationId));
    return { body, row: must(row), email };
  };
  return { send };
}

describe('invitation delivery through Gmail and Twilio', () => {
  it('refreshes the token, sends users.messages.send with both parts and the link, and posts Messages.json', async () => {
    const google = await startFakeHttpServer(googleAnswers);
    const twilio = await startFakeHttpServer(twilioAnswers);
    closers.push(google.close, twilio.close);
    const { send } = await startWithEngines(google.url, twilio.url);
    const { body, row, email } = await send();
    expect(body).toMatchObject({
      email: { success: true, error: null },
      sms: { success: true, error: null },
    });
    expect(row).toMatchObject({ emailSent: true, smsSent: true });
    const link = `https://app.listready.test/auth?invitation=${body.invitationId}#email=${email.replace('@', '%40')}`;

    const [tokenRequest, sendRequest, ...rest] = google.requests;
    expect(rest).toEqual([]);
    expect(tokenRequest?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-token-1',
      client_id: 'client-id.apps.googleusercontent.com',
      client_secret: 'client-secret',
    });
    expect(sendRequest?.method).toBe('POST');
    expect(sendRequest?.url.split('?')[0]).toBe('/gmail/v1/users/me/messages/send');
    expect(sendRequest?.headers.authorization).toBe('Bearer fake-access-token');
    const { raw } = JSON.parse(sendRequest?.body ?? '{}') as { raw: string };
    // A mail client's reading: quoted-printable soft breaks and escapes undone.
    const message = Buffer.from(raw, 'base64url')
      .toString('utf8')
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(message).toContain(`To: ${email}\r\n`);
    expect(message).toContain('From: ListReady <homes@example.com>\r\n');
    expect(message).toContain('Subject: Ann Lee invited you to ListReady\r\n');
    expect(message).toMatch(/Content-Type: multipart\/alternative/);
    expect(message).toMatch(/Content-Type: text\/plain/);
    expect(message).toMatch(/Content-Type: text\/html/);
    expect(message).toContain(`Create your account: ${link}`);
    expect(message).toContain(`href="${link}"`);

    const [sms, ...moreSms] = twilio.requests;
    expect(moreSms).toEqual([]);
    expect(sms?.method).toBe('POST');
    expect(sms?.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(sms?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:auth-token`).toString('base64')}`,
    );
    const form = Object.fromEntries(new URLSearchParams(sms?.body));
    expect(form).toMatchObject({ To: '+15550100100', From: '+15550199' });
    expect(form.Body).toContain(link);
  });

  it('reports a 500 from either API as success:false with the error, and keeps the invitation', async () => {
    const google = await startFakeHttpServer((request) =>
      request.url.startsWith('/token')
        ? googleAnswers(request)
        : { status: 500, body: { error: { code: 500, message: 'Backend Error' } } },
    );
    const twilio = await startFakeHttpServer(() => ({
      status: 500,
      body: { code: 20500, message: 'Internal Server Error', status: 500 },
    }));
    closers.push(google.close, twilio.close);
    const { send } = await startWithEngines(google.url, twilio.url);
    const { body, row } = await send();
    expect(body.email.success).toBe(false);
    expect(body.email.error).toMatch(/^Gmail did not accept the message: .*Backend Error/);
    expect(body.sms.success).toBe(false);
    expect(body.sms.error).toMatch(/^Twilio did not accept the message: .*Internal Server Error/);
    expect(row).toMatchObject({ status: 'pending', emailSent: false, smsSent: false });
  }, 60_000);

  it('reports a silent API (timeout) as success:false, and keeps the invitation', async () => {
    const google = await startSilentServer();
    const twilio = await startSilentServer();
    closers.push(google.close, twilio.close);
    const { send } = await startWithEngines(google.url, twilio.url, { DELIVERY_TIMEOUT_MS: '500' });
    const started = Date.now();
    const { body, row } = await send();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(body).toEqual({
      invitationId: row.id,
      email: { success: false, error: 'No answer within 500 ms' },
      sms: { success: false, error: 'No answer within 500 ms' },
    });
    expect(row).toMatchObject({ status: 'pending', emailSent: false, smsSent: false });
  });
});
