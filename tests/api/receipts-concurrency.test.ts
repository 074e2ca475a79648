import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf } from '../../src/server/modules/receipts/numbering.js';
import { type Session, signUp } from '../support/api.js';
import { openBookingOrder, post, serviceDraft } from '../support/booking.js';
import { freshPostgresDatabase } from '../support/fresh-postgres.js';
import { allReceipts } from '../support/receipts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * DECISIONS.md §7.4: receipt numbers without gaps, across instances. On PostgreSQL, two instances of
 * the app on one database, as a deployment behind a load balancer runs them, capture 20 payments at
 * the same moment; on PGlite (one process by design) one instance does.
 */
describe(`20 payments captured at once on ${onPostgres ? 'two instances on one PostgreSQL' : 'PGlite'}`, () => {
  let instances: TestApp[];
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    if (onPostgres) {
      const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'rf_test');
      drop = fresh.drop;
      instances = [
        await createTestApp({}, { databaseUrl: fresh.url }),
        await createTestApp({}, { databaseUrl: fresh.url }),
      ];
    } else {
      instances = [await createTestApp()];
    }
  });
  afterAll(async () => {
    for (const instance of instances ?? []) await instance.close();
    await drop();
  });

  it('number their receipts 000001 to 000020: no gap, no duplicate, one per payment', async () => {
    const [a] = instances;
    const draft = await serviceDraft(a!);
    const orders: { customer: Session; orderId: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const customer = await signUp(a!);
      orders.push({ customer, orderId: (await openBookingOrder(a!, customer, draft)).id });
    }
    // Every capture at once, alternating between the instances.
    const answers = await Promise.all(
      orders.map(({ customer, orderId }, i) =>
        post(instances[i % instances.length]!, `/test-checkout/${orderId}`, { outcome: 'success' }, customer.headers),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));

    const year = financialYearOf(new Date());
    const receipts = await allReceipts(a!);
    expect(receipts.map((r) => r.serial)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(receipts.map((r) => r.number)).size).toBe(20);
    expect(
      receipts.every((r) => r.financialYear === year && r.number === `RF/${year}/${String(r.serial).padStart(6, '0')}`),
    ).toBe(true);
    expect(new Set(receipts.map((r) => r.orderId))).toEqual(new Set(orders.map((o) => o.orderId)));
    // Their tickets' numbers are distinct too.
    expect(new Set(receipts.map((r) => r.ticketNumber)).size).toBe(20);
  });
});
