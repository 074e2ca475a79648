import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/server/db/schema/index.js';
import type { Db } from '../../src/server/db/client.js';
import { safeCell, ticketsCsv } from '../../src/server/modules/tickets/export.js';
import { expectError, type Session, signUp } from '../support/api.js';
import { get } from '../support/booking.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Session;
let customer: Session;
let numbers: number[] = [];

/** RFC 4180, as a spreadsheet reads it: quoted cells may hold commas, quotes ("") and line breaks. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') endCell();
    else if (c === '\n') endRow();
    else if (c !== '\r') cell += c;
  }
  if (cell !== '' || row.length) endRow();
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, 'admin');
  customer = await signUp(t, { name: '=HYPERLINK("http://evil.example","click")', phone: '+91 98765 43210' });
  const descriptions = ['Blue screen, "twice" a day\nand again', '@SUM(1+1)', '-2+3', 'Plain printer trouble'];
  // 1,203 tickets: more than two of the export's batches of 500.
  const rows = Array.from({ length: 1203 }, (_, i) => ({
    userId: customer.user.id,
    mainServiceName: 'Laptop',
    subServiceName: 'Repair',
    service: 'Laptop › Repair',
    description: descriptions[i % 4]!,
    status: i % 2 ? ('completed' as const) : ('pending' as const),
    bookingOrderId: `order_csv_${i}`,
    createdAt: new Date(Date.UTC(2026, 2, 10, 3, 30) + i * 60_000),
  }));
  numbers = (await t.database.db.insert(tickets).values(rows).returning({ number: tickets.number })).map(
    (r) => r.number,
  );
});
afterAll(() => t.close());

const csv = async (query = '') => {
  const res = await get(t, `/api/admin/tickets.csv${query}`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('GET /api/admin/tickets.csv', () => {
  it('downloads every ticket, newest first, as UTF-8 CSV with a header row', async () => {
    const res = await csv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tickets-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const table = parse(res.body) as string[][];
    expect(table[0]).toEqual([
      'Number',
      'Booked (India time)',
      'Status',
      'Service',
      'Description',
      'Customer',
      'Email',
      'Phone',
      'Engineer',
      '₹299 paid',
      'Completed (India time)',
      'Remarks',
      'Rating',
      'Rating comment',
    ]);
    expect(table).toHaveLength(1 + 1203);
    const newest = Math.max(...numbers);
    expect(table[1]!.slice(0, 4)).toEqual([`RF-${newest}`, '2026-03-11 05:02', 'pending', 'Laptop › Repair']);
    // The oldest: 03:30 UTC is 09:00 in India.
    expect(table.at(-1)!.slice(0, 3)).toEqual([`RF-${Math.min(...numbers)}`, '2026-03-10 09:00', 'pending']);
    expect(new Set(table.slice(1).map((r) => r[0])).size).toBe(1203);
  });

  it('keeps commas, quotes and line breaks in a cell, and formulas as text', async () => {
    const table = parse((await csv('?q=twice')).body) as string[][];
    expect(table).toHaveLength(1 + 301);
    expect(table[1]![4]).toBe('Blue screen, "twice" a day\nand again');
    expect(table[1]![5]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(table[1]![7]).toBe(`'+91 98765 43210`);
    const all = parse((await csv()).body) as string[][];
    const descriptions = new Set(all.slice(1).map((r) => r[4]));
    expect(descriptions).toContain(`'@SUM(1+1)`);
    expect(descriptions).toContain(`'-2+3`);
    expect(descriptions).toContain('Plain printer trouble');
  });

  it('applies the same status and search as the list', async () => {
    const table = parse((await csv('?status=completed&q=printer')).body) as string[][];
    expect(table.slice(1).every((r) => r[2] === 'completed' && r[4] === 'Plain printer trouble')).toBe(true);
    expect(table).toHaveLength(1 + 300);
    expectError(await get(t, '/api/admin/tickets.csv?status=done', admin.headers), 400);
  });

  it('refuses a search PostgreSQL cannot take (a NUL) with 400, as the list does, and keeps serving', async () => {
    for (const path of ['/api/admin/tickets.csv?q=%00', '/api/admin/tickets.csv?q=a%00b', '/api/admin/tickets?q=%00']) {
      expectError(await get(t, path, admin.headers), 400, 'The search contains characters that are not allowed');
    }
    expect((await get(t, '/healthz')).statusCode).toBe(200);
  });

  it('answers a database failure at the start of an export with its status, not a crash', async () => {
    const broken = {
      ...t.database.db,
      select: () => {
        throw Object.assign(new Error('connection terminated'), { code: '57P01' });
      },
    } as unknown as Db;
    await expect(ticketsCsv(broken, {})).rejects.toThrow('connection terminated');
  });

  it('ends a download the database fails in the middle of as an error of the stream (no unhandled error)', async () => {
    let calls = 0;
    const failsSecond = new Proxy(t.database.db, {
      get(target, key, receiver) {
        if (key === 'select' && ++calls > 1) throw Object.assign(new Error('statement timeout'), { code: '57014' });
        return Reflect.get(target, key, receiver);
      },
    });
    const stream = await ticketsCsv(failsSecond, {});
    const failed = new Promise((resolve) => stream.on('error', resolve));
    stream.resume();
    expect(await failed).toMatchObject({ message: 'statement timeout' });
  });

  it('prefixes every formula start: = + - @ tab and carriage return', () => {
    for (const s of ['=1', '+1', '-1', '@x', '\t=1', '\r=1']) expect(safeCell(s)).toBe(`'${s}`);
    for (const s of ['1', 'a=1', ' =1', '']) expect(safeCell(s)).toBe(s);
  });

  it('is for admins only', async () => {
    expectError(await get(t, '/api/admin/tickets.csv'), 401);
    expectError(await get(t, '/api/admin/tickets.csv', customer.headers), 403);
  });

  // A black-box audit: where `;` separates a spreadsheet's cells (Excel in many European locales), a
  // cell holding `;=2+5` split there, and its second half ran as a formula. A cell with a `;` is now
  // quoted, which keeps it whole in either kind of spreadsheet. (Last: it changes two remarks.)
  it('quotes a cell holding a semicolon, so no locale splits it into a formula', async () => {
    const [first, second] = numbers;
    await t.database.db.update(tickets).set({ remarks: ';=2+5' }).where(eq(tickets.number, first!));
    await t.database.db.update(tickets).set({ remarks: 'Fan replaced;-1+1' }).where(eq(tickets.number, second!));
    const { body } = await csv();
    expect(body).toContain(',";=2+5",');
    expect(body).toContain(',"Fan replaced;-1+1",');
    const remarks = new Set((parse(body) as string[][]).slice(1).map((r) => r[11]));
    expect(remarks).toContain(';=2+5');
    expect(remarks).toContain('Fan replaced;-1+1');
  });
});
