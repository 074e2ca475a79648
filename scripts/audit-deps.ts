/**
 * `npm run audit:deps`, part of `npm test`: `npm audit --omit=dev`, failing on any high or critical
 * advisory against a production dependency (the hostile-input budget).
 *
 * When the advisory service cannot be asked (this workplace's registry answers the audit endpoints
 * with HTTP 405), nothing has been checked: the script says so in a banner and, by default, lets the
 * tests go on, because it cannot tell a safe tree from an unsafe one. `AUDIT_REQUIRED=1` makes that
 * a failure, for a machine that does reach the public registry.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;
type Severity = (typeof SEVERITIES)[number];
const BLOCKING: readonly Severity[] = ['high', 'critical'];

export type AuditOutcome =
  | { kind: 'checked'; counts: Record<Severity, number>; blocking: { name: string; severity: Severity }[] }
  | { kind: 'unavailable'; reason: string };

/** Reads `npm audit --json` (report version 2, npm 7 and later) into what the gate acts on. */
export function readAudit(stdout: string): AuditOutcome {
  let report: unknown;
  try {
    report = JSON.parse(stdout);
  } catch {
    return {
      kind: 'unavailable',
      reason: `npm audit printed no JSON report (${stdout.trim().slice(0, 120) || 'nothing'})`,
    };
  }
  const r = report as {
    metadata?: { vulnerabilities?: Partial<Record<Severity, number>> };
    vulnerabilities?: Record<string, { name?: string; severity?: Severity }>;
    message?: string;
    error?: { summary?: string };
  };
  const found = r.metadata?.vulnerabilities;
  if (!found) {
    // An error report: `{ message, statusCode, error: { summary, detail } }`.
    const reason = r.message || r.error?.summary || 'npm audit answered without a report';
    return { kind: 'unavailable', reason };
  }
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, found[s] ?? 0])) as Record<Severity, number>;
  const blocking = Object.entries(r.vulnerabilities ?? {})
    .map(([key, v]) => ({ name: v.name ?? key, severity: v.severity ?? 'info' }))
    .filter((v) => BLOCKING.includes(v.severity))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { kind: 'checked', counts, blocking };
}

/** The exit code, given the outcome and whether an unanswered audit must fail. */
export function auditExitCode(outcome: AuditOutcome, required: boolean): number {
  if (outcome.kind === 'unavailable') return required ? 1 : 0;
  const blockingCount = BLOCKING.reduce((n, s) => n + outcome.counts[s], 0);
  return blockingCount > 0 ? 1 : 0;
}

function runNpmAudit(): Promise<string> {
  return new Promise((resolve) => {
    // npm audit exits non-zero both when it finds something and when it cannot ask: the JSON tells.
    execFile(
      'npm',
      ['audit', '--omit=dev', '--json'],
      { maxBuffer: 32 * 1024 * 1024, timeout: 120_000 },
      (_err, stdout) => resolve(String(stdout)),
    );
  });
}

async function main() {
  const required = process.env.AUDIT_REQUIRED === '1';
  const outcome = readAudit(await runNpmAudit());
  const code = auditExitCode(outcome, required);
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    join('reports', 'audit.json'),
    `${JSON.stringify({ ...outcome, required, exitCode: code }, null, 2)}\n`,
  );

  if (outcome.kind === 'unavailable') {
    const line = '!'.repeat(78);
    console.log(line);
    console.log('npm audit --omit=dev: NOT CHECKED. The advisory service did not answer:');
    console.log(`  ${outcome.reason}`);
    console.log(
      required
        ? 'AUDIT_REQUIRED=1, so this fails.'
        : 'Nothing is known about advisories for this tree. Run with AUDIT_REQUIRED=1 where the registry answers.',
    );
    console.log(line);
  } else {
    const summary = SEVERITIES.map((s) => `${outcome.counts[s]} ${s}`).join(', ');
    console.log(`npm audit --omit=dev: ${summary}.`);
    for (const v of outcome.blocking) console.log(`  ${v.severity}: ${v.name}`);
    console.log(
      code === 0
        ? 'No high or critical advisory.'
        : 'FAIL: high or critical advisories (above). `npm audit` shows the fix.',
    );
  }
  process.exit(code);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) void main();
