import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProvider } from '../../src/server/modules/payments/providers/test-provider.js';
import { freshPostgresDatabase } from '../support/fresh-postgres.js';
import {
  bookingDraft,
  bookingOrderBody,
  type CheckoutAnswer,
  type Customer,
  type DraftFields,
  signUpCustomer,
} from '../support/server-booking.js';
import { openEventStream } from '../support/event-stream.js';
import { call } from '../support/server-http.js';
import { FAULT_JWT_SECRET, killAllServers, type ServerProcess, sleep, startServer } from '../support/server-process.js';

/** How many migrations drizzle-kit has written (drizzle/meta/_journal.json). */
const MIGRATIONS = (
  JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/**
 * Two app instances on one PostgreSQL with one JWT secret, as behind a load balancer: both boot
 * at once on an empty database (migrations serialised by the advisory lock), a token from one
 * works on the other, and concurrent /verify calls split across both make exactly one ticket.
 */

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const VERIFIES = 20;
const MIGRATION_LOCK = 727_001; // src/server/db/client.ts

interface VerifyBody {
  status: string;
  ticket?: { id: string };
}

describe.skipIf(!TEST_DATABASE_URL)(
  TEST_DATABASE_URL
    ? 'two instances on one PostgreSQL (a fresh database on TEST_DATABASE_URL)'
    : 'two instances on one PostgreSQL: SKIPPED because TEST_DATABASE_URL is not set',
  () => {
    let drop: (() => Promise<void>) | undefined;
    let url = '';
    let a: ServerProcess;
    let b: ServerProcess;
    let bootMs = 0;
    let waitedMs = 0;
    let client: pg.Client | undefined;
    const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await (client as pg.Client).query<T>(text, values)).rows;

    beforeAll(async () => {
      const db = await freshPostgresDatabase(TEST_DATABASE_URL as string);
      drop = db.drop;
      url = db.url;
      client = new pg.Client({ connectionString: url });
      await client.connect();
      // Both at the same moment, on the empty database. The test holds the migration lock until both
      // are waiting for it, so their migrations certainly contend (left alone, one might finish
      // before the other got there).
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const t0 = Date.now();
      const booting = Promise.all([
        startServer({ port: 4630, database: { url } }),
        startServer({ port: 4631, database: { url } }),
      ]);
      booting.catch(() => {}); // awaited below; a boot failure must not go unhandled while we poll
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [row] = await query<{ n: string }>(
          "select count(*) as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted and database = (select oid from pg_database where datname = current_database())",
          [MIGRATION_LOCK],
        );
        if (Number(row?.n) >= 2) break;
        if (Date.now() > deadline) throw new Error('the two instances never both waited for the migration lock');
        await sleep(50);
      }
      waitedMs = Date.now() - t0;
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      [a, b] = await booting;
      bootMs = Date.now() - t0;
    });

    afterAll(async () => {
      await client?.end();
      await killAllServers();
      await drop?.();
    });

    it('both instances boot at once on an empty database: migrated once, seeded once, no error', async () => {
      for (const s of [a, b]) {
        const health = await call<{ status: string; database: string }>(s.url, 'GET', '/healthz');
        expect(health.status).toBe(200);
        expect(health.body).toEqual({ status: 'ok', database: 'postgres' });
        // LOG_LEVEL=warn: the only line expected is the test-provider notice; nothing at error level.
        const errors = s
          .log()
          .split('\n')
          .filter((l) => /"level":(50|60)/.test(l) || /Failed to start/.test(l));
        expect(errors, `instance on ${s.port}`).toEqual([]);
      }
      // Each migration applied once: as many rows as the migration folder has migrations.
      const migrations = await query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
      expect(Number(migrations[0]?.n)).toBe(MIGRATIONS);
      const mains = await query<{ name: string; n: string }>(
        'select name, count(*) as n from services where parent_id is null group by name',
      );
      expect(mains.length).toBe(6);
      expect(mains.every((m) => Number(m.n) === 1)).toBe(true);
      const subs = await query<{ n: string }>('select count(*) as n from services where parent_id is not null');
      expect(Number(subs[0]?.n)).toBe(28);
      console.log(
        `[two-instances] both instances waited on the migration lock after ${waitedMs} ms; both healthy ${bootMs} ms after the start`,
      );
    });

    it('a token from one instance works on the other', async () => {
      const onA = await signUpCustomer(a.url, 'twoinst');
      const me = await call<{ user: { id: string } }>(b.url, 'GET', '/api/me', {
        token: onA.token,
      });
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(onA.id);
      const login = await call<{ token: string }>(b.url, 'POST', '/api/login', {
        body: { email: onA.email, password: 'correct-horse-42' },
      });
      expect(login.status).toBe(200);
      const back = await call<{ user: { id: string } }>(a.url, 'GET', '/api/me', {
        token: login.body.token,
      });
      expect(back.status).toBe(200);
      expect(back.body.user.id).toBe(onA.id);
      const tickets = await call(b.url, 'GET', '/api/tickets', { token: onA.token });
      expect(tickets.status).toBe(200);
    });

    /** VERIFIES concurrent POST /verify of one answer, alternating between A and B. */
    async function verifyRace(customer: Customer, answer: CheckoutAnswer) {
      const answers = await Promise.all(
        Array.from({ length: VERIFIES }, (_, i) =>
          call<VerifyBody>(i % 2 === 0 ? a.url : b.url, 'POST', '/verify', {
            body: answer,
            token: customer.token,
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses, JSON.stringify(answers.filter((r) => r.status !== 200).map((r) => r.body))).toEqual(
        Array(VERIFIES).fill(200),
      );
      const ticketIds = new Set(answers.map((r) => r.body.ticket?.id));
      expect(ticketIds.size, `ticket ids answered: ${[...ticketIds].join(', ')}`).toBe(1);
      const [ticketId] = [...ticketIds];
      expect(ticketId).toBeTruthy();
      const orderId = answer.razorpay_order_id;
      const rows = await query<{ id: string }>('select id from tickets where booking_order_id = $1', [orderId]);
      expect(rows.map((r) => r.id)).toEqual([ticketId]);
      const payment = await query<{ status: string; ticket_id: string }>(
        'select status::text as status, ticket_id from payments where order_id = $1',
        [orderId],
      );
      expect(payment).toEqual([{ status: 'verified', ticket_id: ticketId }]);
      const events = await query<{ kind: string; n: string }>(
        'select kind::text as kind, count(*) as n from ticket_events where order_id = $1 group by kind order by kind',
        [orderId],
      );
      return {
        ticketId: ticketId as string,
        events: Object.fromEntries(events.map((e) => [e.kind, Number(e.n)])),
      };
    }

    let customer: Customer;
    let draft: DraftFields;

    it(`test checkout on A, then ${VERIFIES} concurrent verifies split across A and B: one ticket, the same id in every answer`, async () => {
      customer = await signUpCustomer(a.url, 'twoinst');
      draft = await bookingDraft(a.url);
      const order = await call<{ id: string }>(a.url, 'POST', '/order', {
        body: bookingOrderBody(draft),
        token: customer.token,
      });
      expect(order.status).toBe(201);
      const checkout = await call<CheckoutAnswer>(a.url, 'POST', `/test-checkout/${order.body.id}`, {
        body: { outcome: 'success' },
        token: customer.token,
      });
      expect(checkout.status).toBe(200);
      const { events } = await verifyRace(customer, checkout.body);
      expect(events).toEqual({
        created: 1,
        payment_captured: 1,
        payment_created: 1,
        payment_verified: 1,
      });
    });

    it(`no checkout first: ${VERIFIES} concurrent verifies across A and B race to create the ticket, and exactly one does (5 orders)`, async () => {
      // What the checkout widget hands the page, signed with the deployment's test secret, before any
      // capture: here the verifies themselves make the ticket, from both instances at once.
      const provider = createTestProvider(FAULT_JWT_SECRET);
      for (let round = 0; round < 5; round++) {
        const order = await call<{ id: string }>(round % 2 === 0 ? a.url : b.url, 'POST', '/order', {
          body: bookingOrderBody(draft),
          token: customer.token,
        });
        expect(order.status).toBe(201);
        const { paymentId, signature } = provider.signCheckout(order.body.id);
        const { events } = await verifyRace(customer, {
          razorpay_order_id: order.body.id,
          razorpay_payment_id: paymentId,
          razorpay_signature: signature,
        });
        expect(events).toEqual({ created: 1, payment_created: 1, payment_verified: 1 });
      }
      const all = await query<{ n: string }>('select count(*) as n from tickets where user_id = $1', [customer.id]);
      expect(Number(all[0]?.n)).toBe(6);
    });
    /** Polls `check` until it holds, at most 2 s; answers how long that took. */
    async function within(check: () => Promise<boolean>): Promise<number> {
      const t0 = Date.now();
      while (!(await check())) {
        if (Date.now() - t0 > 2000) throw new Error('not within 2 s');
        await sleep(5);
      }
      return Date.now() - t0;
    }

    it('an account changed on A or in the database is seen by B as soon as it is announced', async () => {
      // Both instances have just checked this caller (and may remember them: auth/caller-cache.ts).
      const user = await signUpCustomer(a.url, 'twoinst');
      const status = async (url: string, path: string) => (await call(url, 'GET', path, { token: user.token })).status;
      expect([await status(a.url, '/api/tickets'), await status(b.url, '/api/tickets')]).toEqual([200, 200]);

      // Their own change on A: B answers the new name.
      const renamed = await call(a.url, 'PATCH', '/api/profile', {
        body: { name: 'Renamed On A', email: user.email, phone: '+91 98765 43210' },
        token: user.token,
      });
      expect(renamed.status).toBe(200);
      const nameMs = await within(async () => {
        const me = await call<{ user: { name: string } }>(b.url, 'GET', '/api/me', { token: user.token });
        return me.body.user.name === 'Renamed On A';
      });
      // A role change in the database: both refuse the customer's list and open the engineer's.
      await query("update users set role = 'engineer' where id = $1", [user.id]);
      const roleMs = await within(async () => (await status(b.url, '/api/tickets')) === 403);
      expect(await status(a.url, '/api/tickets')).toBe(403);
      expect(await status(b.url, '/api/engineer/assigned-tickets')).toBe(200);
      // Sessions ended, then the account deleted, in the database.
      await query('update users set token_version = token_version + 1 where id = $1', [user.id]);
      const endedMs = await within(async () => (await status(b.url, '/api/me')) === 401);
      expect(await status(a.url, '/api/me')).toBe(401);
      console.log(
        `[two-instances] B saw a rename on A in ${nameMs} ms, a role change in ${roleMs} ms, ended sessions in ${endedMs} ms`,
      );
    });

    it('an account suspended on A is refused on B as soon as it is announced, and let in again once reinstated', async () => {
      const admin = await signUpCustomer(a.url, 'twoinst');
      await query("update users set role = 'admin' where id = $1", [admin.id]);
      const user = await signUpCustomer(a.url, 'twoinst');
      const status = async (url: string) => (await call(url, 'GET', '/api/tickets', { token: user.token })).status;
      expect([await status(a.url), await status(b.url)]).toEqual([200, 200]);

      const path = `/api/admin/users/${user.id}/suspension`;
      expect((await call(a.url, 'PUT', path, { token: admin.token })).status).toBe(200);
      const suspendedMs = await within(async () => (await status(b.url)) === 401);
      expect(await status(a.url)).toBe(401);
      const login = (url: string) =>
        call(url, 'POST', '/api/login', { body: { email: user.email, password: 'correct-horse-42' } });
      expect((await login(b.url)).status).toBe(403);

      expect((await call(a.url, 'DELETE', path, { token: admin.token })).status).toBe(200);
      expect((await login(b.url)).status).toBe(200);
      console.log(`[two-instances] B refused an account suspended on A in ${suspendedMs} ms`);
    });

    it('details an admin corrects on A are what B answers at once: the session goes on, the new email signs in', async () => {
      const admin = await signUpCustomer(a.url, 'twoinst');
      await query("update users set role = 'admin' where id = $1", [admin.id]);
      const user = await signUpCustomer(a.url, 'twoinst');
      const me = async () =>
        (await call<{ user: { email: string } }>(b.url, 'GET', '/api/me', { token: user.token })).body;
      expect((await me()).user.email).toBe(user.email);

      const email = `corrected.${user.email}`;
      const res = await call(a.url, 'PUT', `/api/admin/users/${user.id}/details`, {
        body: { name: 'Corrected Name', email, phone: '9000000003' },
        token: admin.token,
      });
      expect(res.status).toBe(200);
      const seenMs = await within(async () => (await me()).user.email === email);
      const login = (address: string) =>
        call(b.url, 'POST', '/api/login', { body: { email: address, password: 'correct-horse-42' } });
      expect((await login(email)).status).toBe(200);
      expect((await login(user.email)).status).toBe(401);
      console.log(`[two-instances] B answered details corrected on A in ${seenMs} ms`);
    });

    it('a change made on one instance reaches the event streams open on the other; a logout on one closes its streams on the other', async () => {
      const owner = await signUpCustomer(a.url, 'twoinst');
      const admin = await signUpCustomer(a.url, 'twoinst');
      await query("update users set role = 'admin' where id = $1", [admin.id]);
      const auth = (token: string) => ({ authorization: `Bearer ${token}` });
      const onB = {
        owner: await openEventStream(b.url, auth(owner.token)),
        admin: await openEventStream(b.url, auth(admin.token)),
      };
      const bystander = await openEventStream(b.url, auth(customer.token));
      try {
        const order = await call<{ id: string }>(a.url, 'POST', '/order', {
          body: bookingOrderBody(await bookingDraft(a.url)),
          token: owner.token,
        });
        const checkout = await call<CheckoutAnswer>(a.url, 'POST', `/test-checkout/${order.body.id}`, {
          body: { outcome: 'success' },
          token: owner.token,
        });
        const t0 = Date.now();
        const verified = await call<VerifyBody>(a.url, 'POST', '/verify', { body: checkout.body, token: owner.token });
        expect(verified.status).toBe(200);
        await Promise.all([onB.owner.waitFor(1, 1000), onB.admin.waitFor(1, 1000)]);
        const firstMs = Date.now() - t0;
        expect(onB.owner.events[0]?.data).toMatchObject({ ticketId: verified.body.ticket?.id, kind: 'booked' });

        const status = await call(a.url, 'PATCH', `/api/admin/tickets/${verified.body.ticket?.id}`, {
          body: { status: 'in-progress' },
          token: admin.token,
        });
        expect(status.status).toBe(200);
        await onB.owner.waitFor(3, 1000);
        expect(onB.owner.events.map((e) => e.data.kind)).toEqual(['booked', 'payment', 'status']);
        expect(bystander.events).toEqual([]);

        // The owner logs out on A: B closes that session's stream and refuses its token; the owner's
        // other session (another login) goes on, stream and all.
        const login = await call<{ token: string }>(a.url, 'POST', '/api/login', {
          body: { email: owner.email, password: 'correct-horse-42' },
        });
        const otherSession = await openEventStream(b.url, auth(login.body.token));
        try {
          expect((await call(a.url, 'POST', '/api/logout', { token: owner.token })).status).toBe(200);
          const ended = await Promise.race([onB.owner.ended.then(() => true), sleep(3000).then(() => false)]);
          expect(ended).toBe(true);
          expect((await call(b.url, 'GET', '/api/me', { token: owner.token })).status).toBe(401);
          expect((await call(b.url, 'GET', '/api/me', { token: login.body.token })).status).toBe(200);
          const otherEnded = await Promise.race([otherSession.ended.then(() => true), sleep(500).then(() => false)]);
          expect(otherEnded).toBe(false);
        } finally {
          otherSession.close();
        }
        // Every session ended through the database: B closes the streams too.
        const again = await openEventStream(b.url, auth(login.body.token));
        await query('update users set token_version = token_version + 1 where id = $1', [owner.id]);
        const allEnded = await Promise.race([again.ended.then(() => true), sleep(3000).then(() => false)]);
        again.close();
        expect(allEnded).toBe(true);
        console.log(`[two-instances] a booking on A reached both streams on B in ${firstMs} ms`);
      } finally {
        for (const s of [onB.owner, onB.admin, bystander]) s.close();
      }
    });
  },
);
