import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTickets, listTicketsStatement } from '../../src/server/modules/tickets/queries.js';
import { PAGE_SIZE } from '../../src/shared/product.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The lists' statements (src/server/modules/tickets/queries.ts): which are named and so kept as a plan
 * on every connection, and the LIMIT written into the SQL, where PostgreSQL's reused plan can see it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const someone = '00000000-0000-4000-8000-000000000001';
const reader = { id: someone, staffNotes: false };

describe('ticket list statements', () => {
  it("names the pages the web asks for, each shape once, with the page's limit in the SQL", () => {
    const mine = listTicketsStatement(t.database.db, { userId: someone }, reader, PAGE_SIZE.default);
    const again = listTicketsStatement(t.database.db, { userId: someone }, reader, PAGE_SIZE.default);
    const pending = listTicketsStatement(
      t.database.db,
      { userId: someone, status: 'pending' },
      reader,
      PAGE_SIZE.default,
    );
    expect(mine.name).toMatch(/^tickets_list_\d+$/);
    expect(again.name).toBe(mine.name);
    expect(pending.name).not.toBe(mine.name);
    expect(mine.text).toMatch(new RegExp(`limit ${PAGE_SIZE.default + 1}$`));
    // The values are the customer and the reader (twice, in the unread count), nothing for the limit.
    expect(mine.values).toEqual([someone, someone, someone]);
  });

  it('leaves a search and a page of another size unnamed, so a client cannot make a plan per value', () => {
    const search = listTicketsStatement(t.database.db, { q: 'meera' }, reader, PAGE_SIZE.default);
    expect(search.name).toBeUndefined();
    expect(search.values).toContain('%meera%');
    for (const limit of [1, 7, PAGE_SIZE.max]) {
      const page = listTicketsStatement(t.database.db, { userId: someone }, reader, limit);
      expect(page.name).toBeUndefined();
      expect(page.text).toMatch(new RegExp(`limit ${limit + 1}$`));
    }
  });

  it('refuses a limit that is not a positive integer rather than write it into the SQL', () => {
    expect(() => listTickets(t.database.db, { userId: someone }, reader, 2.5)).toThrow(/positive integer/);
    expect(() => listTickets(t.database.db, { userId: someone }, reader, -3)).toThrow(/positive integer/);
  });
});
