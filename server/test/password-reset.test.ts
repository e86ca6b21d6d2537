import { contract } from '@reachly/shared/contract';
import { FORGOT_PASSWORD_ANSWER } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from './helpers/captured-log.ts';
import { type SmtpListener, startSmtpListener } from './helpers/smtp-listener.ts';
import {
  callAs,
  countRows,
  expectRefused,
  expectRejected,
  registerAccount,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './helpers/test-server.ts';

/** Every line both servers log, to check that no token is ever in one. */
const log = capturedLog();

let smtp: SmtpListener;
/** A server that mails through the loopback SMTP listener. */
let server: TestServer;
/** A server of the same database with no SMTP set. */
let noMail: TestServer;

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startTestServer(
    { LOG_LEVEL: 'debug', SMTP_URL: smtp.url, SMTP_FROM: 'Reachly <reset@reachly.test>' },
    { logger: log.logger },
  );
  noMail = await startTestServer({ LOG_LEVEL: 'debug' }, { database: server.database, logger: log.logger });
});
afterAll(async () => {
  await noMail?.close();
  await server?.close();
  await smtp?.close();
});

const linkIn = (text: string) => {
  const match = /(http:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]{43}))/.exec(text);
  if (!match) throw new Error(`No reset link in the mail:\n${text}`);
  return { link: match[1] as string, token: match[2] as string };
};

describe('forgot password: the mail', () => {
  it('mails a one-time link that sets a new password and ends every session, and logs no token', async () => {
    const account = await registerAccount(server, 'forgot');
    const browser = server.client();
    expect((await browser.signIn(account.email, account.password)).error).toBeNull();

    const answer = await server.call(contract.auth.forgotPassword, { body: { email: account.email } });
    expect(answer).toEqual({ ok: true, message: FORGOT_PASSWORD_ANSWER });

    const mail = await smtp.mailTo(account.email);
    expect(mail.from).toBe('reset@reachly.test');
    expect(mail.text).toContain('works once');
    const { link, token } = linkIn(mail.text);
    expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
    // Stored as a hash only.
    const row = await server.database.db('password_resets').where({ user_id: account.id }).first();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toBe(token);

    await server.call(contract.auth.resetPassword, { body: { token, newPassword: 'a-new-password-1' } });
    // The old password, the old session and the old token are gone; the new password works.
    expect((await server.client().signIn(account.email, account.password)).error).not.toBeNull();
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await account.api.get('/api/user')).status).toBe(401);
    expect((await server.client().signIn(account.email, 'a-new-password-1')).error).toBeNull();

    // Once only.
    const again = await expectRefused(
      server,
      'a used link',
      () => server.call(contract.auth.resetPassword, { body: { token, newPassword: 'another-password-2' } }),
      400,
    );
    expect(again.message).toMatch(/expired or was already used/);

    await expect.poll(() => log.text().includes('Password reset link sent')).toBe(true);
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toContain('a-new-password-1');
  }, 120_000);

  it('gives the same answer for an address without an account, and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const answer = await server.call(contract.auth.forgotPassword, { body: { email } });
    expect(answer).toEqual({ ok: true, message: FORGOT_PASSWORD_ANSWER });
    // A known address's mail arrives after it, so the unknown one had its chance to be sent.
    const known = await registerAccount(server, 'known');
    await server.call(contract.auth.forgotPassword, { body: { email: known.email } });
    await smtp.mailTo(known.email);
    expect(smtp.mails.some((m) => m.to.includes(email))).toBe(false);
  });

  it('sends one address at most three links an hour, with the same answer after', async () => {
    const account = await registerAccount(server, 'flood');
    for (let i = 0; i < 5; i += 1) {
      const answer = await server.call(contract.auth.forgotPassword, { body: { email: account.email } });
      expect(answer.message).toBe(FORGOT_PASSWORD_ANSWER);
    }
    expect(await countRows(server, 'password_resets', { user_id: account.id })).toBe(3);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(account.email)).length).toBe(3);
  });

  it('refuses an expired link (400) and writes nothing', async () => {
    const account = await registerAccount(server, 'expired');
    await server.call(contract.auth.forgotPassword, { body: { email: account.email } });
    const { token } = linkIn((await smtp.mailTo(account.email)).text);
    await server.database
      .db('password_resets')
      .where({ user_id: account.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await expectRefused(
      server,
      'an expired link',
      () => server.call(contract.auth.resetPassword, { body: { token, newPassword: 'a-new-password-1' } }),
      400,
    );
    expect((await account.api.get('/api/user')).status).toBe(200);
  });

  it.each([
    ['a token of the wrong shape', { token: 'abc', newPassword: 'a-new-password-1' }],
    ['a short password', { token: 'a'.repeat(43), newPassword: 'short' }],
    ['no token', { newPassword: 'a-new-password-1' }],
  ])('refuses %s with 400 and writes nothing', async (label, body) => {
    await expectRejected(
      server,
      label,
      () => server.client().post('/api/password/reset', { json: body }),
      400,
    );
  });

  it('refuses a malformed address with 400 and writes nothing', async () => {
    await expectRejected(
      server,
      'not an email',
      () => server.client().post('/api/password/forgot', { json: { email: 'not-an-email' } }),
      400,
    );
  });
});

describe('forgot password without SMTP', () => {
  it('logs the request with the user id and the admin command, no token; the admin link works', async () => {
    const account = await registerAccount(noMail, 'nosmtp');
    const before = smtp.mails.length;
    const answer = await noMail.call(contract.auth.forgotPassword, { body: { email: account.email } });
    expect(answer.message).toBe(FORGOT_PASSWORD_ANSWER);
    const line = log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { userId?: number; msg: string })
      .find((l) => l.userId === account.id && l.msg.startsWith('Password reset requested'));
    expect(line?.msg).toContain('npm run admin -- reset-link <email>');
    expect(await countRows(noMail, 'password_resets', { user_id: account.id })).toBe(0);
    expect(smtp.mails.length).toBe(before);

    // What `npm run admin -- reset-link` asks for (the admin API answers the loopback tool only).
    const admin = callAs(noMail.url, { 'x-admin-token': noMail.config.ADMIN_TOKEN });
    const { message } = await admin(contract.admin.resetLink, { body: { email: account.email } });
    const { token } = linkIn(message);
    expect(log.text()).not.toContain(token);
    await noMail.call(contract.auth.resetPassword, { body: { token, newPassword: 'from-the-admin-1' } });
    expect((await noMail.client().signIn(account.email, 'from-the-admin-1')).error).toBeNull();
  });

  it('answers 404 to the admin command for an unknown address', async () => {
    const admin = callAs(noMail.url, { 'x-admin-token': noMail.config.ADMIN_TOKEN });
    await expectRefused(
      noMail,
      'unknown user',
      () => admin(contract.admin.resetLink, { body: { email: uniqueEmail('ghost') } }),
      404,
    );
  });
});
