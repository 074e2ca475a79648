/** The conversation section's printed table and its target checks (see run-messages.ts). */
import { table } from './lib-report.js';
import type { CeilingRun, ConversationBench } from './run-messages.js';
import type { TargetCheck } from './run-report.js';
import { CONNECTIONS, type EndpointResult, TARGET_P99_MS, TARGET_RATIO } from './run-settings.js';

const f2 = (n: number) => n.toFixed(2);
const runs = (c: CeilingRun[]) => c.map((r) => `${r.rps.toFixed(0)} (p99 ${r.p99})`).join(', ');
const rounds = (e: EndpointResult, pick: (r: NonNullable<EndpointResult['rounds']>[number]) => string) =>
  e.rounds && e.rounds.length > 1 ? ` (rounds ${e.rounds.map(pick).join(' / ')})` : '';

/** Issue 27: each ≥ TARGET_RATIO of the ceiling for the same SQL, p99 ≤ TARGET_P99_MS at 50 connections. */
export function conversationChecks(database: string, c: ConversationBench): TargetCheck[] {
  return [c.thread, c.post].flatMap((e) => [
    {
      database,
      target: `${e.name}: ≥ ${TARGET_RATIO} of the ceiling for the same SQL`,
      figure: `${f2(e.ratioToCeiling ?? NaN)}×${rounds(e, (r) => (r.ratioToCeiling === null ? '-' : f2(r.ratioToCeiling)))}`,
      met: (e.ratioToCeiling ?? 0) >= TARGET_RATIO,
    },
    {
      database,
      target: `${e.name}: p99 ≤ ${TARGET_P99_MS} ms at ${CONNECTIONS} connections`,
      figure: `${e.p99} ms${rounds(e, (r) => String(r.p99))}`,
      met: e.p99 <= TARGET_P99_MS,
    },
  ]);
}

export function printConversation(c: ConversationBench | { skipped: string }) {
  if ('skipped' in c) {
    console.log(`\nConversation (issue 27): skipped: ${c.skipped}`);
    return;
  }
  console.log(
    `\nConversation (issue 27): a thread of ${c.threadMessages} messages read in one page of ${c.pageSize} (as the web reads it;` +
      ` the default page is 50); posts by ${c.postTickets} customers, each connection on its own ticket; and, for information` +
      ' (one round, not a target), every connection posting on the one ticket, where posts queue for its row lock:',
  );
  console.log(
    table([
      ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'ceiling req/s', '× ceiling', 'CPU cores', 'CPU µs/req', 'non-2xx/err'],
      ...[c.thread, c.post, c.postOneTicket].map((e) => [
        e.name,
        e.rps.toFixed(0),
        String(e.p50),
        String(e.p99),
        (e.ceilingRps ?? NaN).toFixed(0),
        f2(e.ratioToCeiling ?? NaN),
        f2(e.serverCpuCores),
        e.rps > 0 ? ((e.serverCpuCores / e.rps) * 1e6).toFixed(0) : '-',
        `${e.non2xx}/${e.errors + e.timeouts}`,
      ]),
    ]),
  );
  console.log(
    'ceiling req/s (p99 ms), the same SQL on bare Fastify, one connection per request, before the first round and after each: ' +
      `thread ${runs(c.ceilingRuns.thread)}; posts ${runs(c.ceilingRuns.post)}; one ticket ${runs(c.ceilingRuns.postOneTicket)}`,
  );
}
