/** The database before and after the soak: its ticket count, and that every paid booking has exactly one ticket. */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.js';
import { openTarget, type Target } from './lib.js';
import { type SoakReport, TICKETS } from './soak-settings.js';

export async function countTickets(target: Target): Promise<number | undefined> {
  if (target.kind === 'pglite') return undefined; // the server holds the data directory
  const database = openDatabase(openTarget(target));
  try {
    const r = (await database.db.execute(sql`select count(*)::int as n from tickets`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return r.rows[0]?.n;
  } finally {
    await database.close();
  }
}

/** Every paid booking has exactly one ticket; no ticket without a verified or captured booking payment. */
export async function checkIntegrity(target: Target, ticketsBefore: number): Promise<SoakReport['integrity']> {
  const database = openDatabase(openTarget(target));
  try {
    const r = (await database.db.execute(sql`
      select
        (select count(*)::int from payments where kind = 'booking' and status in ('captured', 'verified')) as "paidBookings",
        (select count(*)::int from tickets t join payments p on p.order_id = t.booking_order_id
           where p.kind = 'booking' and p.status in ('captured', 'verified')) as "ticketsFromPaidBookings",
        (select count(*)::int from payments p where p.kind = 'booking' and p.status in ('captured', 'verified')
           and not exists (select 1 from tickets t where t.booking_order_id = p.order_id)) as "paidWithoutTicket",
        (select count(*)::int from tickets t where not exists (select 1 from payments p where p.order_id = t.booking_order_id
           and p.kind = 'booking' and p.status in ('captured', 'verified'))) as "ticketsWithoutVerifiedPayment",
        (select count(*)::int from tickets) as "ticketsNow"`)) as unknown as {
      rows: Array<Omit<SoakReport['integrity'], 'bookingsDuringSoak'> & { ticketsNow: number }>;
    };
    const row = r.rows[0];
    if (!row) throw new Error('integrity query returned nothing');
    const { ticketsNow, ...rest } = row;
    return { ...rest, bookingsDuringSoak: ticketsNow - (ticketsBefore || TICKETS) };
  } finally {
    await database.close();
  }
}
