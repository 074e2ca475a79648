/**
 * A burst of notices to a local SMTP server (npm run bench:email): the production server on a fresh
 * database, SMTP_URL pointing at an SMTP server in this process, and EMAIL_BURST public repair
 * requests (default 1,000) sent at once, EMAIL_CONCURRENCY at a time (default 25). Each is one
 * request whose transaction writes the request, its email to SUPPORT_EMAIL and the email's send job.
 * Checks that none was lost and none arrived twice (each email's Message-ID names its row), and
 * prints two rates against the target (≥ 50 emails/s):
 *
 * - `queued burst`: the SMTP server holds every sender at MAIL FROM until all the requests are in,
 *   then lets them go; the rate counts from that moment to the last email: 1,000 notices waiting in
 *   the queue, delivered.
 * - `end to end`: the SMTP server takes mail at once; the rate counts from the first request to the
 *   last email, so it includes taking the requests themselves (on PGlite most of the time is theirs).
 *
 * Writes bench-results/email.json.
 *
 * Scenarios: PGlite, and PostgreSQL (BENCH_DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432;
 * a fresh database `remotefix_bench_email`) when it answers. Env: BENCH_SKIP_PGLITE=1, BENCH_SKIP_POSTGRES=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Target } from './lib.js';
import { getJson, login, postJson } from './lib-http.js';
import { dropPgDatabase, freshPgDatabase, pgReachable } from './lib-postgres.js';
import { registerCleanup, startServer } from './lib-processes.js';
import { table, writeResults } from './lib-report.js';

const BURST = Number(process.env.EMAIL_BURST ?? 1000);
const CONCURRENCY = Number(process.env.EMAIL_CONCURRENCY ?? 25);
const TARGET_PER_SECOND = 50;
const PORT = 4830;
const SUPPORT = 'desk@remotefix.test';
const TIMEOUT_MS = 5 * 60_000;
const MODES: Mode[] = ['queued burst', 'end to end'];

/** An SMTP server that keeps, for each message, its Message-ID and when it arrived (no parsing beyond that). */
async function startInbox() {
  const arrivals = new Map<string, number[]>();
  let refusedOrBroken = 0;
  // While set, each sender waits at MAIL FROM (within the app's 30 s socket timeout).
  let held: (() => void)[] | null = null;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (held) held.push(() => callback());
      else callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const head = Buffer.concat(chunks).toString('utf8', 0, 8192);
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1];
        if (!id) {
          refusedOrBroken++;
          callback(new Error('no Message-ID'));
          return;
        }
        const seen = arrivals.get(id) ?? [];
        seen.push(performance.now());
        arrivals.set(id, seen);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    hold: () => void (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
    broken: () => refusedOrBroken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs `task` for 0..n-1, `limit` at a time. */
async function pool(n: number, limit: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

type Mode = 'queued burst' | 'end to end';

interface Result {
  database: string;
  mode: Mode;
  emails: number;
  /** Taking the requests (each writing its email and job). */
  enqueueSeconds: number;
  /** From the start of the count (the release, or the first request) to the last email. */
  deliveredSeconds: number;
  perSecond: number;
  lost: number;
  duplicated: number;
  stillQueuedOrFailed: number;
}

async function burst(target: Target, label: string, mode: Mode): Promise<Result> {
  const inbox = await startInbox();
  if (mode === 'queued burst') inbox.hold();
  const server = await startServer(target, PORT, {
    SMTP_URL: inbox.url,
    MAIL_FROM: 'RemoteFix <no-reply@remotefix.test>',
    SUPPORT_EMAIL: SUPPORT,
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const mains = await getJson<{ mainServices: { id: string }[] }>(`${base}/api/admin/services/main`);
    let pair: { main: string; sub: string } | undefined;
    for (const main of mains.mainServices) {
      const subs = await getJson<{ subServices: { id: string }[] }>(`${base}/api/admin/services/${main.id}/sub`);
      if (subs.subServices[0]) {
        pair = { main: main.id, sub: subs.subServices[0].id };
        break;
      }
    }
    if (!pair) throw new Error('the seeded catalogue has no sub-services');

    const started = performance.now();
    let refused = 0;
    await pool(BURST, CONCURRENCY, async (i) => {
      const res = await postJson(`${base}/api/contact/add`, {
        name: `Burst ${i}`,
        email: `burst.${i}@remotefix.test`,
        phone: '+91 91234 56789',
        computerType: 'Laptop',
        description: `Notice ${i} of the email burst.`,
        urgency: 'Medium',
        mainServiceId: pair.main,
        subServiceId: pair.sub,
      });
      if (res.status !== 201) refused++;
    });
    const enqueued = performance.now();
    if (refused > 0) throw new Error(`${refused} of ${BURST} requests were refused`);
    const from = mode === 'queued burst' ? enqueued : started;
    inbox.release();

    const deadline = Date.now() + TIMEOUT_MS;
    while (inbox.arrivals.size < BURST && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const last = Math.max(...[...inbox.arrivals.values()].map((times) => times[0] ?? 0));
    // A second copy of any of them would come within the retry delay: wait a little before counting.
    await new Promise((r) => setTimeout(r, 3000));

    const token = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    const pending = await Promise.all(
      ['queued', 'failed'].map((status) =>
        getJson<{ emails: unknown[] }>(`${base}/api/admin/emails?limit=100&status=${status}`, token),
      ),
    );
    const seconds = (last - from) / 1000;
    return {
      database: label,
      mode,
      emails: inbox.arrivals.size,
      enqueueSeconds: (enqueued - started) / 1000,
      deliveredSeconds: seconds,
      perSecond: inbox.arrivals.size / seconds,
      lost: BURST - inbox.arrivals.size,
      duplicated: [...inbox.arrivals.values()].filter((times) => times.length > 1).length + inbox.broken(),
      stillQueuedOrFailed: pending.reduce((n, p) => n + p.emails.length, 0),
    };
  } finally {
    await server.stop();
    await inbox.close();
  }
}

async function main() {
  registerCleanup();
  const results: Result[] = [];
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    const dataDir = mkdtempSync(join(tmpdir(), 'rf-bench-email-'));
    try {
      for (const mode of MODES) results.push(await burst({ kind: 'pglite', dataDir }, 'PGlite', mode));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (process.env.BENCH_SKIP_POSTGRES !== '1' && (await pgReachable(serverUrl))) {
    const url = await freshPgDatabase(serverUrl, 'remotefix_bench_email');
    try {
      for (const mode of MODES) results.push(await burst({ kind: 'postgres', url }, 'PostgreSQL', mode));
    } finally {
      await dropPgDatabase(url);
    }
  }

  console.log(
    `\nA burst of ${BURST} notices (public repair requests, ${CONCURRENCY} at a time), each emailed to SUPPORT_EMAIL ` +
      `over SMTP on loopback. Target: ≥ ${TARGET_PER_SECOND} emails/s, none lost, none twice.\n` +
      `queued burst: counted from the moment the SMTP server lets the held senders go, all ${BURST} requests in;\n` +
      `end to end: counted from the first request, the SMTP server taking mail all along.\n`,
  );
  console.log(
    table([
      [
        'database',
        'mode',
        'delivered',
        'requests in (s)',
        'last email (s)',
        'emails/s',
        'lost',
        'twice',
        'not sent',
        'target',
      ],
      ...results.map((r) => [
        r.database,
        r.mode,
        String(r.emails),
        r.enqueueSeconds.toFixed(2),
        r.deliveredSeconds.toFixed(2),
        r.perSecond.toFixed(0),
        String(r.lost),
        String(r.duplicated),
        String(r.stillQueuedOrFailed),
        r.perSecond >= TARGET_PER_SECOND && r.lost === 0 && r.duplicated === 0 ? 'met' : 'MISSED',
      ]),
    ]),
  );
  writeResults('email.json', { burst: BURST, concurrency: CONCURRENCY, targetPerSecond: TARGET_PER_SECOND, results });
  // The target is the queued burst's; any email lost or sent twice fails the run whatever the mode.
  const missed = results.some(
    (r) => r.lost > 0 || r.duplicated > 0 || (r.mode === 'queued burst' && r.perSecond < TARGET_PER_SECOND),
  );
  if (missed) process.exitCode = 1;
}

await main();
