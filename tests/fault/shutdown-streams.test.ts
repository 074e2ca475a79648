import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../support/event-stream.js';
import { signUpCustomer } from '../support/server-booking.js';
import { killAllServers, startServer } from '../support/server-process.js';

/**
 * SIGTERM with event streams open (src/server/main.ts, modules/events): the streams end at once and
 * the process exits 0 well within the shutdown's grace period, instead of the drain waiting on
 * connections that never finish by themselves.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'rf-shutdown-streams-'));
afterAll(async () => {
  await killAllServers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('shutdown with open event streams', () => {
  it('ends every stream and exits 0 promptly', async () => {
    const server = await startServer({ port: 4640, database: { dataDir } });
    const customer = await signUpCustomer(server.url, 'streams');
    const streams = await Promise.all(
      Array.from({ length: 5 }, () => openEventStream(server.url, { authorization: `Bearer ${customer.token}` })),
    );
    for (const s of streams) expect(s.status).toBe(200);
    const started = Date.now();
    const exit = await server.stop(15_000);
    const tookMs = Date.now() - started;
    expect(exit).toEqual({ code: 0, signal: null });
    await Promise.all(streams.map((s) => s.ended));
    // The grace period is 10 s: an open stream holding the drain would take all of it.
    expect(tookMs).toBeLessThan(5_000);
    console.log(`[shutdown-streams] 5 open streams; exit 0 ${tookMs} ms after SIGTERM`);
  });
});
