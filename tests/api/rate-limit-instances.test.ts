import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, signUp, uniqueEmail } from '../support/api.js';
import { draftBody, serviceDraft } from '../support/booking.js';
import { freshPostgresDatabase } from '../support/fresh-postgres.js';
import { expectLimited, limitedCalls, type LimitedCalls } from '../support/rate-limit.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * DECISIONS.md §7.6: rate limits hold across instances, so N instances do not give N times the
 * budget. Two instances of the app on one PostgreSQL database, as a deployment behind a load
 * balancer runs them; a client's requests alternate between them.
 */
describe.runIf(onPostgres)(
  // On PGlite there is no second instance: an embedded database belongs to one process.
  'two instances on one PostgreSQL database share every budget',
  () => {
    let a: TestApp;
    let b: TestApp;
    let drop: () => Promise<void>;
    let calls: [LimitedCalls, LimitedCalls];

    beforeAll(async () => {
      const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'rf_test');
      drop = fresh.drop;
      const env = { RATE_LIMIT_AUTH: '4', RATE_LIMIT_CONTACT: '2', RATE_LIMIT_ORDERS: '2' };
      a = await createTestApp(env, { databaseUrl: fresh.url });
      b = await createTestApp(env, { databaseUrl: fresh.url });
      calls = [await limitedCalls(a), await limitedCalls(b)];
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await drop?.();
    });

    it('login and signup: RATE_LIMIT_AUTH a minute per client across both, not twice that', async () => {
      const ip = '10.60.0.1';
      const [onA, onB] = calls;
      expect((await onA.login(ip)).statusCode).toBe(401);
      expect((await onB.login(ip)).statusCode).toBe(401);
      expect((await onA.signup(ip)).statusCode).toBe(201);
      expect((await onB.login(ip)).statusCode).toBe(401);
      expectLimited(await onA.login(ip));
      expectLimited(await onB.login(ip));
      expectLimited(await onB.signup(ip));
      // Another client still has its own budget, on either instance.
      expect((await onB.login('10.60.0.2')).statusCode).toBe(401);
    });

    it('the contact form: RATE_LIMIT_CONTACT a minute per client across both', async () => {
      const ip = '10.60.1.1';
      const [onA, onB] = calls;
      expect((await onA.contact(ip)).statusCode).toBe(201);
      expect((await onB.contact(ip)).statusCode).toBe(201);
      expectLimited(await onA.contact(ip));
      expectLimited(await onB.contact(ip));
    });

    it('payment orders: RATE_LIMIT_ORDERS a minute per customer across both', async () => {
      const draft = await serviceDraft(a);
      const customer = await signUp(a);
      const order = (t: TestApp) =>
        t.app.inject({
          method: 'POST',
          url: '/order',
          headers: customer.headers,
          payload: { amount: 9900, currency: 'INR', ...draftBody(draft) },
        });
      expect((await order(a)).statusCode).toBe(201);
      expect((await order(b)).statusCode).toBe(201);
      expectLimited(await order(a));
      expectLimited(await order(b));
    });

    it('the per-account login lock: 5 failures on each instance lock the email on both', async () => {
      const { user } = await signUp(a, { email: uniqueEmail('both'), password: 'correct-horse-42' });
      const login = (t: TestApp, n: number, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: `10.61.0.${n}`,
          payload: { email: user.email, password },
        });
      for (let i = 0; i < 5; i++) {
        expectError(await login(a, 2 * i + 1, 'wrong-password-1'), 401);
        expectError(await login(b, 2 * i + 2, 'wrong-password-1'), 401);
      }
      expectError(await login(a, 20, 'correct-horse-42'), 429, /too many failed sign-ins/i);
      expectError(await login(b, 21, 'correct-horse-42'), 429, /too many failed sign-ins/i);
    });
  },
);
