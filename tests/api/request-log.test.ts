import { Writable } from 'node:stream';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { ZodApp } from '../../src/server/lib/http.js';
import { errorForLog, urlForLog } from '../../src/server/lib/logging.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.js';

// The request log keeps no credential from an address: Google's sign-in ends at
// /auth/success?token=<a 7-day session> (DECISIONS.md §3), and its callback carries a code and state.

let t: TestApp;
let logged: App;
type App = { app: ZodApp; lines: string[] };

beforeAll(async () => {
  t = await createTestApp();
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  // The app as production builds it, at the default level, logging into `lines`.
  const app = await buildApp({
    config: { ...t.config, logLevel: 'info' },
    database: t.database,
    jwtSecret: TEST_JWT_SECRET,
    logger: { stream },
  });
  await app.ready();
  logged = { app, lines };
});
afterAll(async () => {
  await logged?.app.close();
  await t.close();
});

describe('the request log', () => {
  it('logs each request with its address, credentials and searches in the query replaced', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2VjcmV0LXNpZ25hdHVyZQ';
    await logged.app.inject({ method: 'GET', url: `/auth/success?token=${token}` });
    await logged.app.inject({
      method: 'GET',
      url: '/api/google/callback?state=the-state-value&code=the-one-time-code&scope=openid',
    });
    await logged.app.inject({ method: 'GET', url: '/api/admin/services/main?token=x&limit=5' });
    // What an admin searches for is a customer's name, email or phone.
    await logged.app.inject({ method: 'GET', url: '/api/admin/tickets?status=pending&q=meera%40example.com' });
    const text = logged.lines.join('\n');
    for (const secret of [token, 'the-state-value', 'the-one-time-code', 'meera']) expect(text).not.toContain(secret);
    const urls = logged.lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual([
      '/auth/success?token=[redacted]',
      '/api/google/callback?state=[redacted]&code=[redacted]&scope=openid',
      '/api/admin/services/main?token=[redacted]&limit=5',
      '/api/admin/tickets?status=pending&q=[redacted]',
    ]);
  });
});

// Issue 26: a failed statement logged drizzle's message, which is the whole SQL with its parameters
// (`Failed query: insert into "users" … params: <email>,<password hash>,…`). The log keeps what helps
// an operator (the SQLSTATE, constraint, table, route) and nothing a user sent.
describe('a database failure in the log', () => {
  it('names the SQLSTATE, constraint, table and route, never the SQL, its parameters or the message', async () => {
    await t.database.db.execute(sql`alter table users add constraint log_probe_check check (name <> 'Log Probe')`);
    try {
      const email = 'log.probe.secret@example.com';
      const res = await logged.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { name: 'Log Probe', email, phone: '+91 90000 77777', password: 'Quartz-Lantern-8812' },
      });
      expect(res.statusCode).toBe(500);
      expect(Object.keys(res.json() as object)).toEqual(['error']);
      const text = logged.lines.join('\n');
      for (const secret of [
        email,
        '90000 77777',
        '$argon2id$',
        'Failed query',
        'params:',
        'insert into',
        'Log Probe',
      ]) {
        expect(text).not.toContain(secret);
      }
      const line = logged.lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.msg === 'unhandled error');
      expect(line).toMatchObject({
        level: 50,
        route: 'POST /api/signup',
        err: { database: { code: '23514', constraint: 'log_probe_check', table: 'users' } },
      });
    } finally {
      await t.database.db.execute(sql`alter table users drop constraint log_probe_check`);
    }
  });

  it('a connection failure under drizzle keeps its code, not the query', () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const err = new DrizzleQueryError('select * from users where email = $1', ['someone@example.com'], down);
    const logged = JSON.stringify(errorForLog(err));
    expect(logged).not.toContain('someone@example.com');
    expect(logged).not.toContain('select');
    expect(JSON.parse(logged)).toMatchObject({ type: 'DrizzleQueryError', database: { code: 'ECONNREFUSED' } });
  });

  it('an SMTP refusal keeps its code and reply, without the addresses in it', () => {
    // What nodemailer throws when the server refuses every recipient (a bounce).
    const refused = Object.assign(new Error('550 5.1.1 <private.person@example.org>: Recipient address rejected'), {
      recipient: 'private.person@example.org',
    });
    const err = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <private.person@example.org>: rejected"),
      {
        code: 'EENVELOPE',
        responseCode: 550,
        command: 'RCPT TO',
        response: '550 5.1.1 <private.person@example.org>: Recipient address rejected',
        rejected: ['private.person@example.org'],
        rejectedErrors: [refused],
      },
    );
    const logged = errorForLog(err);
    expect(JSON.stringify(logged)).not.toContain('private.person');
    expect(logged).toMatchObject({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', rejected: ['[email]'] });
    expect(logged.message).toContain('550 5.1.1 <[email]>: rejected');
  });

  it('other errors keep their message and stack', () => {
    const logged = errorForLog(new TypeError('x is not a function'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(String(logged.stack)).toContain('TypeError: x is not a function');
  });
});

describe('urlForLog', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/auth/success?token=abc', '/auth/success?token=[redacted]'],
    ['/x?a=1&TOKEN=abc#frag', '/x?a=1&TOKEN=[redacted]#frag'],
    ['/x?tokens=1&mytoken=2', '/x?tokens=1&mytoken=2'],
    ['/x?code=', '/x?code=[redacted]'],
    ['/api/admin/users?q=98765%2043210&limit=20', '/api/admin/users?q=[redacted]&limit=20'],
    ['/x?qq=1&q2=2', '/x?qq=1&q2=2'],
    // The same names written otherwise: the server reads %71 as q, and a log must not keep what a
    // client sends as q[] either.
    ['/api/admin/users?%71=priya%40example.com&limit=20', '/api/admin/users?%71=[redacted]&limit=20'],
    ['/x?%54oken=abc', '/x?%54oken=[redacted]'],
    ['/x?q[]=priya&q[0]=sharma&q%5B%5D=98765', '/x?q[]=[redacted]&q[0]=[redacted]&q%5B%5D=[redacted]'],
    ['/x?%E0%A4%A=1&q=2', '/x?%E0%A4%A=1&q=[redacted]'],
    ['/x?q&a=1', '/x?q&a=1'],
  ])('%s → %s', (url, expected) => {
    expect(urlForLog(url)).toBe(expected);
  });
});
