import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithAdmins, expectError, type Session, signUp } from '../support/api.js';
import { bookAndPay, type Draft, get, patch, post, serviceDraft } from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// An attacker's probes at the HTTP API that the other API tests do not already pin down: methods a
// route does not declare, forged client addresses behind a trusted balancer, a profile body that tries
// to set what the server keeps, a second completion. (The defects the same review found are tested
// where their rules live: security-headers.test.ts, service-loop.test.ts, unit/blank-text.test.ts.)

let t: TestApp;
let admin: Session;
let draft: Draft;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmins());
  draft = await serviceDraft(t);
});
afterAll(() => t.close());

/** A paid ticket of a new customer, assigned to `engineer` and put in progress by the admin. */
async function inProgressTicket(engineer: Session) {
  const customer = await signUp(t);
  const { ticket } = await bookAndPay(t, customer, draft);
  expect(
    (await patch(t, `/api/admin/tickets/${ticket.id}/assign`, { engineerId: engineer.user.id }, admin.headers))
      .statusCode,
  ).toBe(200);
  expect((await patch(t, `/api/admin/tickets/${ticket.id}`, { status: 'in-progress' }, admin.headers)).statusCode).toBe(
    200,
  );
  return { customer, ticket };
}

describe('HTTP methods other than the declared ones', () => {
  // role-matrix.test.ts calls each route with its own method; Fastify also answers HEAD for every GET.
  const STAFF_READS = [
    '/api/admin/users',
    '/api/admin/tickets',
    '/api/admin/engineers',
    '/api/admin/contacts',
    '/api/admin/services/all',
    '/api/prisma',
    '/api/prisma/User',
  ];

  it('HEAD on a staff-only read is refused like GET: 401 anonymous, 403 to a customer and an engineer', async () => {
    const customer = await signUp(t);
    const engineer = await signUp(t, {}, 'engineer');
    for (const url of STAFF_READS) {
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode, `HEAD ${url} anonymous`).toBe(401);
      for (const s of [customer, engineer]) {
        const res = await t.app.inject({ method: 'HEAD', url, headers: s.headers });
        expect(res.statusCode, `HEAD ${url} as ${s.user.role}`).toBe(403);
      }
    }
    // And the other way round: staff get no customer or engineer list through HEAD either.
    for (const url of ['/api/tickets', '/api/user/inprogress-payments', '/api/engineer/assigned-tickets']) {
      expect((await t.app.inject({ method: 'HEAD', url, headers: admin.headers })).statusCode).toBe(403);
    }
  });

  it('answers PUT, OPTIONS and DELETE on staff routes that do not declare them with 404 { error }, whoever asks', async () => {
    const customer = await signUp(t);
    for (const method of ['PUT', 'OPTIONS', 'DELETE'] as const) {
      for (const url of ['/api/admin/users', '/api/prisma/User', '/api/admin/tickets']) {
        for (const headers of [{}, customer.headers, admin.headers]) {
          expectError(await t.app.inject({ method, url, headers }), 404);
        }
      }
    }
  });
});

describe('behind a trusted load balancer', () => {
  it('a client cannot pick its rate-limit key by prepending addresses to X-Forwarded-For, even ones inside the trusted range', async () => {
    // The balancer (10.0.0.5, inside TRUST_PROXY) appends the address it saw (198.51.100.1) to what the
    // client sent; only that last, untrusted hop is the client (docs/operations.md "Client addresses").
    const app = await createTestApp({ RATE_LIMIT_AUTH: '2', TRUST_PROXY: '10.0.0.0/24' });
    try {
      const login = (forged: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': `${forged}, 198.51.100.1` },
          payload: { email: 'nobody@example.com', password: 'wrong-password' },
        });
      expect((await login('203.0.113.1')).statusCode).toBe(401);
      expect((await login('203.0.113.2, 10.0.0.77')).statusCode).toBe(401);
      expectError(await login('203.0.113.3, 10.0.0.78'), 429);
    } finally {
      await app.close();
    }
  });
});

describe('bodies that try to set what the server decides', () => {
  it('PATCH /api/profile ignores tokenVersion, googleSub, passwordHash and id: the session and the password still work', async () => {
    const victim = await signUp(t);
    const s = await signUp(t, { password: 'first-password-1' });
    const res = await patch(
      t,
      '/api/profile',
      {
        name: 'Renamed',
        email: s.user.email,
        phone: s.user.phone,
        id: victim.user.id,
        tokenVersion: 7,
        googleSub: 'google-attacker',
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$AAAA',
      },
      s.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: s.user.id, name: 'Renamed' });
    expect((await get(t, '/api/me', s.headers)).json().user).toMatchObject({ id: s.user.id, name: 'Renamed' });
    expect((await get(t, '/api/me', victim.headers)).json().user).toMatchObject({
      id: victim.user.id,
      name: 'Asha Rao',
    });
    expect((await post(t, '/api/login', { email: s.user.email, password: 'first-password-1' })).statusCode).toBe(200);
  });
});

describe('ticket completion', () => {
  it('an engineer cannot complete a ticket twice: 409, and the first remarks and history stay', async () => {
    const engineer = await signUp(t, {}, 'engineer');
    const { customer, ticket } = await inProgressTicket(engineer);
    const first = await patch(
      t,
      `/api/tickets/${ticket.id}/complete`,
      { remarks: 'Replaced the fan.' },
      engineer.headers,
    );
    expect(first.statusCode).toBe(200);
    expectError(
      await patch(t, `/api/tickets/${ticket.id}/complete`, { remarks: 'Overwritten.' }, engineer.headers),
      409,
      'This ticket is already completed',
    );
    const mine = (await get(t, '/api/tickets?limit=100', customer.headers)).json() as {
      tickets: { id: string; remarks: string | null }[];
    };
    expect(mine.tickets.find((x) => x.id === ticket.id)?.remarks).toBe('Replaced the fan.');
    const history = (await get(t, `/api/admin/tickets/${ticket.id}/history`, admin.headers)).json() as {
      events: { kind: string }[];
    };
    expect(history.events.filter((e) => e.kind === 'completed')).toHaveLength(1);
  });
});
