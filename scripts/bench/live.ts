/**
 * Live updates under load (npm run bench:live): LIVE_STREAMS open GET /api/events streams (default
 * 5,000) on one instance, and split over two instances on one PostgreSQL; an admin changes a ticket's
 * status LIVE_ACTIONS times on the first instance, and each stream's arrival of each change is timed
 * from the moment the request was sent. Prints the p50/p99/max against the target (p99 ≤ 200 ms) and
 * the server memory each open stream costs; writes bench-results/live.json.
 *
 * Scenarios: one instance on PGlite, one on PostgreSQL, two on one PostgreSQL (BENCH_DATABASE_URL's
 * server, else postgres://postgres@127.0.0.1:5432; a fresh database `remotefix_bench_live`).
 * Env: LIVE_STREAMS, LIVE_ACTIONS (default 20), BENCH_SKIP_PGLITE=1, BENCH_SKIP_POSTGRES=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ADMIN_EMAIL, ADMIN_PASSWORD, sleep, type Target } from './lib.js';
import { login, postJson } from './lib-http.js';
import { dropPgDatabase, freshPgDatabase } from './lib-postgres.js';
import { readMemory } from './lib-proc.js';
import { type Child, registerCleanup, startServer } from './lib-processes.js';
import { table, writeResults } from './lib-report.js';

const STREAMS = Number(process.env.LIVE_STREAMS ?? 5000);
const ACTIONS = Number(process.env.LIVE_ACTIONS ?? 20);
const TARGET_P99_MS = 200;
const PORTS = [4810, 4811];

interface Stream {
  /** Ticket events received so far, each with the time it arrived. */
  arrivals: number[];
  close(): void;
}

/**
 * Opens one stream and records when each `event: ticket` arrives. A bare TCP socket with the request
 * written by hand: with thousands of streams in this one process, an HTTP client's parsing (fetch's
 * web streams most of all) costs more than the server's sending, and the figures would time the client.
 */
function openStream(base: string, token: string): Promise<Stream> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const stream: Stream = { arrivals: [], close: () => socket.destroy() };
    let opened = false;
    socket.setEncoding('utf8');
    socket.on('connect', () =>
      socket.write(`GET /api/events HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n\r\n`),
    );
    socket.on('data', (chunk: string) => {
      const now = performance.now();
      if (!opened) {
        if (!chunk.startsWith('HTTP/1.1 200')) {
          reject(new Error(`GET /api/events answered ${chunk.split('\r\n')[0]}`));
          socket.destroy();
          return;
        }
        opened = true;
        resolve(stream);
      }
      // An event is written whole in one chunk; comments (': open', ': ping') never contain this.
      for (let at = chunk.indexOf('event: ticket'); at >= 0; at = chunk.indexOf('event: ticket', at + 1))
        stream.arrivals.push(now);
    });
    socket.on('error', (err) => (opened ? undefined : reject(err)));
  });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** A customer's paid ticket, booked through the test provider as the page books it. */
async function bookTicket(base: string): Promise<string> {
  const email = `live.${Date.now()}@remotefix.test`;
  const signup = await postJson<{ token: string }>(`${base}/api/signup`, {
    name: 'Live Bench',
    email,
    phone: '+91 98765 43210',
    password: 'a-long-bench-password-9',
  });
  const token = signup.body.token;
  const mains = (await (await fetch(`${base}/api/admin/services/main`)).json()) as { mainServices: { id: string }[] };
  let draft: { mainServiceId: string; subServiceId: string } | undefined;
  for (const main of mains.mainServices) {
    const subs = (await (await fetch(`${base}/api/admin/services/${main.id}/sub`)).json()) as {
      subServices: { id: string }[];
    };
    if (subs.subServices[0]) draft = { mainServiceId: main.id, subServiceId: subs.subServices[0].id };
    if (draft) break;
  }
  if (!draft) throw new Error('the catalogue has no sub-services');
  const order = await postJson<{ id: string }>(
    `${base}/order`,
    { amount: 9900, currency: 'INR', receipt: 'live', notes: {}, ...draft, description: 'Live bench ticket' },
    token,
  );
  const checkout = await postJson(`${base}/test-checkout/${order.body.id}`, { outcome: 'success' }, token);
  const verified = await postJson<{ ticket?: { id: string } }>(`${base}/verify`, checkout.body, token);
  if (!verified.body.ticket) throw new Error(`booking failed: ${JSON.stringify(verified.body)}`);
  return verified.body.ticket.id;
}

interface ScenarioResult {
  scenario: string;
  streams: number;
  actions: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  missed: number;
  bytesPerStream: number;
}

async function runScenario(scenario: string, target: Target, instances: number): Promise<ScenarioResult> {
  const servers: Child[] = [];
  // Every stream is the one admin's (the fan-out is what is measured, not logins): the servers let one
  // account hold them all.
  const extra = { EVENT_STREAMS_PER_ACCOUNT: String(STREAMS) };
  for (let i = 0; i < instances; i++) servers.push(await startServer(target, PORTS[i]!, extra));
  const bases = PORTS.slice(0, instances).map((p) => `http://127.0.0.1:${p}`);
  try {
    const admin = await login(bases[0]!, ADMIN_EMAIL, ADMIN_PASSWORD);
    const ticketId = await bookTicket(bases[0]!);
    await sleep(500);
    const before = servers.map((s) => readMemory(s.pid)?.rss ?? 0);
    const streams: Stream[] = [];
    for (let i = 0; i < STREAMS; i += 250) {
      const batch = Array.from({ length: Math.min(250, STREAMS - i) }, (_, j) =>
        openStream(bases[(i + j) % instances]!, admin),
      );
      streams.push(...(await Promise.all(batch)));
    }
    await sleep(1000);
    const after = servers.map((s) => readMemory(s.pid)?.rss ?? 0);
    const bytesPerStream = (after.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0)) / STREAMS;

    const latencies: number[] = [];
    let missed = 0;
    for (let action = 0; action < ACTIONS; action++) {
      const status = action % 2 === 0 ? 'in-progress' : 'pending';
      const sent = performance.now();
      const res = await fetch(`${bases[0]}/api/admin/tickets/${ticketId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
      if (res.status !== 200) throw new Error(`PATCH answered ${res.status}: ${await res.text()}`);
      const deadline = Date.now() + 5000;
      while (streams.some((s) => s.arrivals.length <= action) && Date.now() < deadline) await sleep(5);
      for (const s of streams) {
        const at = s.arrivals[action];
        if (at === undefined) missed++;
        else latencies.push(at - sent);
      }
      // Keep the arrivals of the next action apart from this one's.
      for (const s of streams) s.arrivals.length = Math.min(s.arrivals.length, action + 1);
      await sleep(200);
    }
    for (const s of streams) s.close();
    latencies.sort((a, b) => a - b);
    return {
      scenario,
      streams: STREAMS,
      actions: ACTIONS,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.at(-1) ?? NaN,
      missed,
      bytesPerStream,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

async function main() {
  registerCleanup();
  const results: ScenarioResult[] = [];
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    const dataDir = mkdtempSync(join(tmpdir(), 'rf-live-'));
    try {
      results.push(await runScenario('one instance, PGlite', { kind: 'pglite', dataDir }, 1));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const url = await freshPgDatabase(server, 'remotefix_bench_live');
    try {
      results.push(await runScenario('one instance, PostgreSQL', { kind: 'postgres', url }, 1));
      results.push(await runScenario('two instances, one PostgreSQL', { kind: 'postgres', url }, 2));
    } finally {
      await dropPgDatabase(url);
    }
  }
  const ms = (n: number) => n.toFixed(1);
  console.log(
    table([
      ['scenario', 'streams', 'events', 'p50 ms', 'p99 ms', 'max ms', 'missed', 'memory / stream', 'p99 ≤ 200 ms'],
      ...results.map((r) => [
        r.scenario,
        String(r.streams),
        String(r.streams * r.actions),
        ms(r.p50Ms),
        ms(r.p99Ms),
        ms(r.maxMs),
        String(r.missed),
        `${(r.bytesPerStream / 1024).toFixed(1)} kB`,
        r.p99Ms <= TARGET_P99_MS && r.missed === 0 ? 'met' : 'MISSED',
      ]),
    ]),
  );
  writeResults('live.json', { at: new Date().toISOString(), targetP99Ms: TARGET_P99_MS, results });
  console.log("memory / stream: the servers' resident memory grown while the streams opened, over their count");
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
