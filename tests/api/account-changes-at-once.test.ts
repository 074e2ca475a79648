import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listener } from '../../src/server/db/listener.js';
import { ACCOUNT_CHANNEL } from '../../src/server/events/ticket-notices.js';
import { updateUser } from '../../src/server/modules/auth/queries.js';
import { bearer, expectError, type Session, signUp, uniqueEmail } from '../support/api.js';
import { googleFlow } from '../support/google-flow.js';
import { startIssuer } from '../support/oidc-issuer.js';
import { linksIn, type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The guard remembers callers until the database announces a change to their account
 * (modules/auth/caller-cache.ts); that notice may come a moment after the answer that made the
 * change. Here it never comes (the app does not hear `rf_account`), so what is checked is the other
 * half of the rule: every route that changes an account (`config.changesAccounts`) makes the guard
 * forget before its answer leaves, so the very next request on this instance sees the change; and
 * a write that changes no account leaves the remembered callers alone.
 */

const PUBLIC_URL = 'https://remotefix.example';
const PASSWORD = 'correct-horse-42';

/** The real notifications, without the account channel's. */
const withoutAccountNotices = (real: Listener): Listener => ({
  on: (channel, handler) => (channel === ACCOUNT_CHANNEL ? Promise.resolve(() => {}) : real.on(channel, handler)),
  onGap: (handler) => real.onGap(handler),
  get live() {
    return real.live;
  },
  close: () => real.close(),
});

let inbox: SmtpInbox;
let issuer: Awaited<ReturnType<typeof startIssuer>>;
let t: TestApp;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  issuer = await startIssuer();
  t = await createTestApp({ ...issuer.env, SMTP_URL: inbox.url, PUBLIC_URL }, { listener: withoutAccountNotices });
});
afterAll(async () => {
  await t?.close();
  await issuer?.stop();
  await inbox?.close();
});

const { approvedCallback, finish } = googleFlow(
  () => t,
  () => issuer,
);

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const me = (headers: Record<string, string>) => send('GET', '/api/me', headers);

/** A second session of the same account, used once so the guard remembers its account. */
async function rememberedSecondSession(s: Session): Promise<Record<string, string>> {
  const res = await send('POST', '/api/login', {}, { email: s.user.email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  const headers = bearer((res.json() as { token: string }).token);
  expect((await me(headers)).statusCode).toBe(200);
  return headers;
}

const expectOk = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBeLessThan(300);

describe('account changes hold for the next request before the database announces them', () => {
  it('PATCH /api/profile: the next request sees the new details', async () => {
    const s = await signUp(t);
    expect((await me(s.headers)).json().user.name).toBe('Asha Rao');
    const profile = { name: 'Asha Renamed', email: uniqueEmail('renamed'), phone: '+91 98765 00000' };
    expectOk(await send('PATCH', '/api/profile', s.headers, profile));
    expect((await me(s.headers)).json().user).toMatchObject(profile);
  });

  it('PATCH /api/password: the other sessions end at once', async () => {
    const s = await signUp(t);
    const other = await rememberedSecondSession(s);
    const changed = await send('PATCH', '/api/password', s.headers, {
      currentPassword: PASSWORD,
      newPassword: 'violet-harbour-lantern-93',
    });
    expectOk(changed);
    expectError(await me(other), 401);
  });

  it('POST /api/password/reset: every session signed before it ends at once', async () => {
    const s = await signUp(t);
    const other = await rememberedSecondSession(s);
    expect((await send('POST', '/api/password/forgot', {}, { email: s.user.email })).statusCode).toBe(202);
    await inbox.waitFor(() => inbox.to(s.user.email).length > 0);
    const [link] = linksIn(inbox.to(s.user.email).at(-1)!, `${PUBLIC_URL}/reset-password?token=`);
    const token = new URL(link!).searchParams.get('token');
    expectOk(await send('POST', '/api/password/reset', {}, { token, password: 'violet-harbour-lantern-93' }));
    expectError(await me(s.headers), 401);
    expectError(await me(other), 401);
  });

  it('DELETE /api/admin/users/:id/2fa: the account’s sessions end at once', async () => {
    const admin = await signUp(t, {}, 'admin');
    const engineer = await signUp(t, { password: PASSWORD }, 'engineer');
    const setup = await send('POST', '/api/2fa/setup', engineer.headers, {});
    const { secret } = setup.json() as { secret: string };
    expectOk(await send('POST', '/api/2fa/enable', engineer.headers, { code: await generate({ secret }) }));
    expect((await me(engineer.headers)).statusCode).toBe(200);
    expectOk(await send('DELETE', `/api/admin/users/${engineer.user.id}/2fa`, admin.headers));
    expectError(await me(engineer.headers), 401);
  });

  it('PATCH /api/admin/users/:id: the account’s sessions end at once', async () => {
    const admin = await signUp(t, {}, 'admin');
    const engineer = await signUp(t, { password: PASSWORD }, 'engineer');
    expect((await send('GET', '/api/engineer/assigned-tickets', engineer.headers)).statusCode).toBe(200);
    expectOk(await send('PATCH', `/api/admin/users/${engineer.user.id}`, admin.headers, { role: 'user' }));
    expectError(await me(engineer.headers), 401);
  });

  it('PUT /api/admin/users/:id/suspension: the account’s sessions end at once', async () => {
    const admin = await signUp(t, {}, 'admin');
    const s = await signUp(t, { password: PASSWORD });
    const other = await rememberedSecondSession(s);
    expectOk(await send('PUT', `/api/admin/users/${s.user.id}/suspension`, admin.headers));
    expectError(await me(s.headers), 401);
    expectError(await me(other), 401);
  });

  it('GET /api/google/callback that takes an address over: the password sessions end at once', async () => {
    const s = await signUp(t);
    expect((await me(s.headers)).statusCode).toBe(200);
    issuer.nextClaims({ sub: `google-${s.user.email}`, email: s.user.email, email_verified: true });
    expect((await finish(await approvedCallback())).statusCode).toBe(302);
    expectError(await me(s.headers), 401);
  });

  it('a write that changes no account leaves the remembered callers alone', async () => {
    const engineer = await signUp(t, {}, 'engineer');
    expect((await me(engineer.headers)).json().user.name).toBe('Asha Rao');
    // Changed behind the app's back, and not announced to it: what it remembers stays…
    await updateUser(t.database.db, engineer.user.id, { name: 'Changed In The Database' });
    expectOk(await send('POST', '/api/2fa/setup', engineer.headers, {}));
    expect((await me(engineer.headers)).json().user.name).toBe('Asha Rao');
    // …until a route that changes accounts answers, whoever's account it changed.
    const customer = await signUp(t);
    const profile = { name: 'Someone Else', email: uniqueEmail('else'), phone: '+91 98765 11111' };
    expectOk(await send('PATCH', '/api/profile', customer.headers, profile));
    expect((await me(engineer.headers)).json().user.name).toBe('Changed In The Database');
  });
});
