import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Listener, postgresListener } from '../../src/server/db/listener.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

/**
 * The listening connection proves it is live (src/server/db/listener.ts): a connection that stops
 * answering without closing (PostgreSQL behind a proxy that freezes) makes `live` false within
 * seconds, so nothing derived from its notifications is trusted (the guard's memory of callers); once
 * it answers again it is live, reports a gap, and delivers notifications.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && TEST_DATABASE_URL !== undefined;

async function until(check: () => boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

describe.skipIf(!onPostgres)('the listener on a connection that freezes (PostgreSQL only)', () => {
  let proxy: TcpProxy | undefined;
  let listener: Listener | undefined;
  afterAll(async () => {
    await listener?.close();
    await proxy?.close();
  });

  it('is not live while frozen, and live again after, with a gap', async () => {
    const upstream = new URL(TEST_DATABASE_URL as string);
    proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    listener = postgresListener(proxy.urlFor(TEST_DATABASE_URL as string));
    const heard: string[] = [];
    let gaps = 0;
    listener.onGap(() => gaps++);
    await listener.on('rf_test_heartbeat', (payload) => heard.push(payload));
    expect(listener.live).toBe(true);

    proxy.freeze();
    const staleAfter = await until(() => !listener!.live, 8000);
    // Not before a heartbeat could have been missed, and within seconds.
    expect(staleAfter).toBeGreaterThan(1500);

    proxy.thaw();
    await until(() => listener!.live, 5000);
    expect(gaps).toBeGreaterThanOrEqual(1);

    const other = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query(`select pg_notify('rf_test_heartbeat', 'after the thaw')`);
    } finally {
      await other.end();
    }
    await until(() => heard.includes('after the thaw'), 5000);
  });
});
