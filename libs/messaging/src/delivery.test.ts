import { afterEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@listready/testing';
import {
  createMailer,
  createSmsSender,
  GMAIL_NOT_CONNECTED,
  MessagingConfigError,
  type MessagingConfig,
} from './index.ts';
import { startFakeHttpServer } from './testing/fake-http-server.ts';

const noEngines: MessagingConfig = {
  GOOGLE_CLIENT_ID: undefined,
  GOOGLE_CLIENT_SECRET: undefined,
  GOOGLE_REFRESH_TOKEN: undefined,
  MAIL_FROM: undefined,
  TWILIO_ACCOUNT_SID: undefined,
  TWILIO_AUTH_TOKEN: undefined,
  TWILIO_FROM: undefined,
};
const database = useTestDatabase();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('dev mailbox (no engine configured)', () => {
  it('stores e-mail and SMS, listed newest first by recipient, case-insensitive', async () => {
    const mailer = createMailer({ config: noEngines, database: database.current });
    const sms = createSmsSender({ config: noEngines, database: database.current });
    expect([mailer.engine, sms.engine]).toEqual(['dev-mailbox', 'dev-mailbox']);
    await mailer.send({ to: 'Ann@Example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await mailer.send({ to: 'ann@example.com', subject: 'Second', text: 'two' });
    await sms.send({ to: '+15550100', body: 'Join me on ListReady' });
    const { createDevMailbox } = await import('./dev-mailbox.ts');
    const mailbox = createDevMailbox(database.current);
    const mails = await mailbox.list('ANN@example.com');
    expect(mails.map((mail) => [mail.channel, mail.subject, mail.text, mail.html])).toEqual([
      ['email', 'Second', 'two', null],
      ['email', 'First', 'one', '<p>one</p>'],
    ]);
    expect(await mailbox.list('+15550100')).toMatchObject([
      { channel: 'sms', subject: null, text: 'Join me on ListReady', html: null },
    ]);
  });

  it('refuses a half-configured engine at boot', () => {
    expect(() =>
      createMailer({ config: { ...noEngines, GOOGLE_CLIENT_ID: 'id' }, database: database.current }),
    ).toThrow(MessagingConfigError);
    expect(() =>
      createSmsSender({ config: { ...noEngines, TWILIO_FROM: '+1555' }, database: database.current }),
    ).toThrow(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN/);
    expect(() =>
      createMailer({
        config: { ...noEngines, GOOGLE_REFRESH_TOKEN: 'token-without-client' },
        database: database.current,
      }),
    ).toThrow(/GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET/);
  });

  it('fails every e-mail, saying why, while the Google client waits for its refresh token (/google-setup)', async () => {
    const mailer = createMailer({
      config: { ...noEngines, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' },
      database: database.current,
    });
    expect(mailer.engine).toBe('gmail');
    await expect(mailer.send({ to: 'pending@example.com', subject: 's', text: 't' })).rejects.toMatchObject({
      code: 'EMAIL_DELIVERY_FAILED',
      message: GMAIL_NOT_CONNECTED,
    });
    const { createDevMailbox } = await import('./dev-mailbox.ts');
    expect(await createDevMailbox(database.current).list('pending@example.com')).toEqual([]);
  });
});

describe('Gmail API delivery', () => {
  it('refreshes the access token, then POSTs users.messages.send with the base64url RFC 2822 raw', async () => {
    const google = await startFakeHttpServer((request) =>
      request.url.startsWith('/token')
        ? { status: 200, body: { access_token: 'fake-access-token', expires_in: 3600, token_type: 'Bearer' } }
        : { status: 200, body: { id: 'gmail-message-1', threadId: 'thread-1', labelIds: ['SENT'] } },
    );
    closers.push(google.close);
    const mailer = createMailer({
      config: {
        ...noEngines,
        GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'client-secret',
        GOOGLE_REFRESH_TOKEN: 'refresh-token-1',
        MAIL_FROM: 'ListReady <homes@example.com>',
      },
      database: database.current,
      gmail: { rootUrl: google.url, tokenUrl: `${google.url}/token` },
    });
    expect(mailer.engine).toBe('gmail');
    const delivery = await mailer.send({
      to: 'ann@example.com',
      subject: 'Reset your ListReady password',
      text: 'Open https://app.example.com/reset-password?token=tok_123',
    });
    expect(delivery).toEqual({ id: 'gmail-message-1' });

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
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    const message = Buffer.from(raw, 'base64url').toString('utf8');
    expect(message).toContain('From: ListReady <homes@example.com>\r\n');
    expect(message).toContain('To: ann@example.com\r\n');
    expect(message).toContain('Subject: Reset your ListReady password\r\n');
    expect(message).toContain('https://app.example.com/reset-password?token=tok_123');

    // The access token is reused while it is valid: a second mail makes one request, no refresh.
    await mailer.send({ to: 'bob@example.com', subject: 'Again', text: 'hi' });
    expect(google.requests.map((request) => request.url.split('?')[0])).toEqual([
      '/token',
      '/gmail/v1/users/me/messages/send',
      '/gmail/v1/users/me/messages/send',
    ]);
  });

  it('reports a refusal as a DeliveryError', async () => {
    const google = await startFakeHttpServer((request) =>
      request.url.startsWith('/token')
        ? {
            status: 400,
            body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
          }
        : { status: 500, body: {} },
    );
    closers.push(google.close);
    const mailer = createMailer({
      config: {
        ...noEngines,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_REFRESH_TOKEN: 'revoked',
      },
      database: database.current,
      gmail: { rootUrl: google.url, tokenUrl: `${google.url}/token` },
    });
    await expect(mailer.send({ to: 'a@b.co', subject: 's', text: 't' })).rejects.toMatchObject({
      code: 'EMAIL_DELIVERY_FAILED',
    });
  });
});

describe('Twilio delivery', () => {
  it('POSTs Messages.json with To, From and Body, authenticated with the account SID', async () => {
    const twilio = await startFakeHttpServer(() => ({
      status: 201,
      body: {
        sid: 'SM0123456789abcdef0123456789abcdef',
        status: 'queued',
        to: '+15550100',
        from: '+15550199',
        body: 'Hi',
      },
    }));
    closers.push(twilio.close);
    const accountSid = `AC${'0'.repeat(32)}`;
    const sms = createSmsSender({
      config: {
        ...noEngines,
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: 'auth-token',
        TWILIO_FROM: '+15550199',
      },
      database: database.current,
      twilio: { baseUrl: twilio.url },
    });
    expect(sms.engine).toBe('twilio');
    expect(await sms.send({ to: '+15550100', body: 'Ann invited you to ListReady' })).toEqual({
      id: 'SM0123456789abcdef0123456789abcdef',
    });
    const [request, ...rest] = twilio.requests;
    expect(rest).toEqual([]);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:auth-token`).toString('base64')}`,
    );
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      To: '+15550100',
      From: '+15550199',
      Body: 'Ann invited you to ListReady',
    });
  });

  it('reports a refusal as a DeliveryError', async () => {
    const twilio = await startFakeHttpServer(() => ({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not valid.", status: 400 },
    }));
    closers.push(twilio.close);
    const sms = createSmsSender({
      config: {
        ...noEngines,
        TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '+15550199',
      },
      database: database.current,
      twilio: { baseUrl: twilio.url },
    });
    await expect(sms.send({ to: 'nope', body: 'x' })).rejects.toMatchObject({ code: 'SMS_DELIVERY_FAILED' });
  });
});
