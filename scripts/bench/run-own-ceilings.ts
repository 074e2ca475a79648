/**
 * Each list beside a ceiling of its own (PostgreSQL, for information): the target compares every list
 * with the bare route running GET /api/tickets's SQL, so a list whose answer is larger (the engineer's
 * and the deep page's carry remarks, completion times and the engineer's contact: 15.5 kB against the
 * customer's 12 kB) is held to a ceiling that sends less. Here the same bare route runs the list's own
 * statement, as the app sends it, so the bench can say how much of a list's ratio is its answer.
 */
import { openDatabase } from '../../src/server/db/client.js';
import { decodeCursor } from '../../src/server/lib/paging.js';
import { unreadReader } from '../../src/server/modules/tickets/policy.js';
import { listTicketsStatement, type TicketScope, type Viewer } from '../../src/server/modules/tickets/queries.js';
import type { Role } from '../../src/shared/roles.js';
import { getJson } from './lib-http.js';
import { PAGE } from './run-settings.js';

export interface OwnList {
  /** The key the ceiling serves the statement under: GET /ceiling/:key. */
  key: string;
  /** The app's address for the same page, and the token it is read with. */
  path: string;
  token: string;
  scope: TicketScope;
  viewer: Viewer;
}

/**
 * Gives the ceiling each list's own statement (built by the app's own query code, with the page's
 * cursor) and checks that it answers the tickets the app answers, in order.
 */
export async function addOwnCeilings(databaseUrl: string, base: string, ceilingBase: string, lists: OwnList[]) {
  // drizzle builds the statements' SQL on this handle; it never runs a query on it.
  const builder = openDatabase({ url: databaseUrl });
  try {
    for (const list of lists) {
      const cursor = decodeCursor(new URL(list.path, base).searchParams.get('cursor') ?? undefined);
      // The unread counts are the reader's: the token's account, as the app's list counts them.
      const { user } = await getJson<{ user: { id: string; role: Role } }>(`${base}/api/me`, list.token);
      const statement = listTicketsStatement(builder.db, list.scope, unreadReader(user), PAGE, cursor);
      const put = await fetch(`${ceilingBase}/ceiling/${list.key}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(statement),
      });
      if (!put.ok) throw new Error(`the ceiling refused ${list.key}: ${put.status}`);
      const [app, bare] = await Promise.all([
        getJson<{ tickets: { id: string }[] }>(`${base}${list.path}`, list.token),
        getJson<{ rows: unknown[][] }>(`${ceilingBase}/ceiling/${list.key}`),
      ]);
      const appIds = app.tickets.map((t) => t.id).join();
      const bareIds = bare.rows
        .slice(0, PAGE)
        .map((r) => r[0])
        .join();
      if (!appIds || appIds !== bareIds)
        throw new Error(`the ceiling's ${list.key} statement does not answer the app's tickets`);
    }
  } finally {
    await builder.close();
  }
}
