import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, passwordResets, users } from '../../src/server/db/schema/index.js';
import type { AuthResponse } from '../../src/shared/contracts/auth.js';
import { bearer, expectError, type Session, signUp, uniqueEmail } from '../support/api.js';
import { get, patch, post } from '../support/booking.js';
import { linksIn, type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// An attack audit: a session alone (a token copied from a shared computer) could change a customer's
// email in the profile, ask for a reset link at the new address and keep the account for good. The
// old address is told of the change with a link that undoes it: the email (and the Google link) go
// back, the password is the one the owner chooses there, and every session ends.

const PUBLIC_URL = 'https://remotefix.example';
const PASSWORD = 'correct-horse-42';
const ATTACKERS = 'crimson-walrus-piano-58';
const OWNERS = 'violet-harbour-lantern-93';

let inbox: SmtpInbox;
let t: TestApp;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const login = (email: string, password: string) => post(t, '/api/login', { email, password });
const reset = (token: string, password: string) => post(t, '/api/password/reset', { token, password });
const moveEmail = (s: Session, email: string) =>
  patch(t, '/api/profile', { name: s.user.name, email, phone: s.user.phone }, s.headers);

/** The token of the newest link to `address` that opens the reset page. */
async function linkTo(address: string, count: number): Promise<string> {
  await inbox.waitFor(() => inbox.to(address).length >= count);
  const [link] = linksIn(inbox.to(address).at(-1)!, `${PUBLIC_URL}/reset-password?token=`);
  expect(link).toBeDefined();
  return new URL(link!).searchParams.get('token') ?? '';
}

describe('a customer’s email changed from the profile', () => {
  it('the old address gets a link that takes the account back, after the new address reset it', async () => {
    const owner = await signUp(t, { password: PASSWORD });
    const before = owner.user.email;
    const attackers = uniqueEmail('attacker');
    expect((await moveEmail(owner, attackers)).statusCode).toBe(200);

    const mail = await inbox.waitFor((m) => m.to.includes(before));
    expect(mail.subject).toBe('The email of your RemoteFix account was changed');
    expect(mail.text).toContain('Take my account back');
    const undo = await linkTo(before, 1);

    // The attacker makes the session a password of their own, through the new address.
    expect((await post(t, '/api/password/forgot', { email: attackers })).statusCode).toBe(202);
    const theirs = reset(await linkTo(attackers, 1), ATTACKERS);
    const taken = (await theirs).json() as AuthResponse;
    expect((await login(attackers, ATTACKERS)).statusCode).toBe(200);

    // The later reset does not void the owner's link; it says it works before a password is typed.
    // It names the address it puts back, for its page to say.
    expect((await post(t, '/api/password/reset/check', { token: undo })).json()).toEqual({
      ok: true,
      restoresEmail: before,
    });
    const back = await reset(undo, OWNERS);
    expect(back.statusCode).toBe(200);
    const restored = back.json() as AuthResponse;
    expect(restored.user.email).toBe(before);

    expectError(await login(attackers, ATTACKERS), 401);
    expectError(await login(before, ATTACKERS), 401);
    expect((await login(before, OWNERS)).statusCode).toBe(200);
    for (const headers of [bearer(taken.token), owner.headers]) {
      expect((await get(t, '/api/me', headers)).statusCode).toBe(401);
    }
    expect((await get(t, '/api/me', bearer(restored.token))).statusCode).toBe(200);
    // Once.
    expectError(await reset(undo, 'amber-meadow-kettle-71'), 400);
  });

  it('puts back the Google link the account had, whatever was linked since', async () => {
    const owner = await signUp(t, { password: PASSWORD });
    await t.database.db.update(users).set({ googleSub: 'owner-sub' }).where(eq(users.id, owner.user.id));
    const before = owner.user.email;
    expect((await moveEmail(owner, uniqueEmail('attacker'))).statusCode).toBe(200);
    const undo = await linkTo(before, 1);
    // What a Google sign-in with the new address would do (google-service.ts): its own link, no password.
    await t.database.db
      .update(users)
      .set({ googleSub: 'attacker-sub', passwordHash: null })
      .where(eq(users.id, owner.user.id));

    expect((await reset(undo, OWNERS)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row).toMatchObject({ email: before, googleSub: 'owner-sub' });
  });

  it('a change away from an address a profile change set sends it no link: the first one covers the chain', async () => {
    const owner = await signUp(t, { password: PASSWORD });
    const first = owner.user.email;
    const second = uniqueEmail('attacker');
    expect((await moveEmail(owner, second)).statusCode).toBe(200);
    const ownersUndo = await linkTo(first, 1);
    expect(
      (await moveEmail({ ...owner, user: { ...owner.user, email: second } }, uniqueEmail('third'))).statusCode,
    ).toBe(200);
    // The second address is told of the change, with no way to take the account.
    const told = await inbox.waitFor((m) => m.to.includes(second));
    expect(told.subject).toBe('The email of your RemoteFix account was changed');
    expect(linksIn(told, `${PUBLIC_URL}/reset-password?token=`)).toEqual([]);
    expect(told.text).not.toContain('Take my account back');

    // The owner's link, from before, takes the account back, once.
    expect(((await reset(ownersUndo, OWNERS)).json() as AuthResponse).user.email).toBe(first);
    expectError(await reset(ownersUndo, OWNERS), 400);
  });

  it('a taken session cannot plant a link by moving the email away and back (an attack audit)', async () => {
    const owner = await signUp(t, { password: PASSWORD });
    const own = owner.user.email;
    const attackers = uniqueEmail('attacker');
    expect((await moveEmail(owner, attackers)).statusCode).toBe(200);
    expect((await moveEmail({ ...owner, user: { ...owner.user, email: attackers } }, own)).statusCode).toBe(200);
    await inbox.waitFor(() => inbox.to(attackers).length >= 1);
    expect(linksIn(inbox.to(attackers).at(-1)!, `${PUBLIC_URL}/reset-password?token=`)).toEqual([]);

    // The owner changes the password; the attacker holds nothing that signs in.
    const changed = await patch(t, '/api/password', { currentPassword: PASSWORD, newPassword: OWNERS }, owner.headers);
    expect(changed.statusCode, changed.body).toBe(200);
    expectError(await get(t, '/api/me', owner.headers), 401);
    expect((await login(own, OWNERS)).statusCode).toBe(200);
    const planted = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResets)
      .where(sql`${passwordResets.userId} = ${owner.user.id} and ${passwordResets.restoreEmail} = ${attackers}`);
    expect(planted[0]!.n).toBe(0);
  });

  it('an address held 7 days since the last change gets its link again', async () => {
    const owner = await signUp(t, { password: PASSWORD });
    const first = owner.user.email;
    const second = uniqueEmail('second');
    expect((await moveEmail(owner, second)).statusCode).toBe(200);
    await linkTo(first, 1);
    await t.database.db
      .update(passwordResets)
      .set({ createdAt: sql`now() - interval '7 days 1 minute'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.userId, owner.user.id));
    expect(
      (await moveEmail({ ...owner, user: { ...owner.user, email: second } }, uniqueEmail('third'))).statusCode,
    ).toBe(200);
    const undo = await linkTo(second, 1);
    expect(((await reset(undo, OWNERS)).json() as AuthResponse).user.email).toBe(second);
  });

  it('works for 7 days', async () => {
    const owner = await signUp(t, { password: PASSWORD });
    const before = owner.user.email;
    expect((await moveEmail(owner, uniqueEmail('moved'))).statusCode).toBe(200);
    const undo = await linkTo(before, 1);
    const [row] = await t.database.db
      .select({ days: sql<number>`extract(epoch from ${passwordResets.expiresAt} - now()) / 86400` })
      .from(passwordResets)
      .where(eq(passwordResets.userId, owner.user.id));
    expect(Number(row!.days)).toBeCloseTo(7, 1);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, owner.user.id));
    expectError(await reset(undo, OWNERS), 400);
  });

  it('refuses to put back an address another account has taken since', async () => {
    const owner = await signUp(t, { password: PASSWORD });
    const before = owner.user.email;
    expect((await moveEmail(owner, uniqueEmail('moved'))).statusCode).toBe(200);
    const undo = await linkTo(before, 1);
    await signUp(t, { email: before });
    expectError(await reset(undo, OWNERS), 409, /another account/);
  });

  it('does not count against the reset emails an address may ask for, and keeps its link from admins', async () => {
    const owner = await signUp(t, { password: PASSWORD });
    const before = owner.user.email;
    const moved = uniqueEmail('moved');
    expect((await moveEmail(owner, moved)).statusCode).toBe(200);
    await linkTo(before, 1);
    for (let i = 0; i < 3; i++) expect((await post(t, '/api/password/forgot', { email: moved })).statusCode).toBe(202);
    await linkTo(moved, 3);
    // Sent, its stored copy no longer holds the link (as a reset email's: email/reset-links.ts).
    await expect
      .poll(async () => {
        const [row] = await t.database.db
          .select({ html: emails.html, status: emails.status })
          .from(emails)
          .where(eq(emails.kind, 'email-changed-undo'))
          .orderBy(sql`${emails.createdAt} desc`)
          .limit(1);
        return row?.status === 'sent' && !row.html.includes('token=');
      })
      .toBe(true);
  });

  it('an admin’s correction sends no undo link (it goes to the new address, as before)', async () => {
    const admin = await signUp(t, {}, 'admin');
    const customer = await signUp(t, { password: PASSWORD });
    const corrected = uniqueEmail('corrected');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${customer.user.id}/details`,
      headers: admin.headers,
      payload: { name: customer.user.name, email: corrected, phone: customer.user.phone },
    });
    expect(res.statusCode).toBe(200);
    const mail = await inbox.waitFor((m) => m.to.includes(corrected));
    expect(linksIn(mail, `${PUBLIC_URL}/reset-password?token=`)).toEqual([]);
    expect(inbox.to(customer.user.email)).toEqual([]);
  });
});
