import { describe, expect, it } from 'vitest';
import { auditExitCode, readAudit } from '../../scripts/audit-deps.js';

/** The shape `npm audit --json` prints (auditReportVersion 2), cut to what the gate reads. */
function report(vulnerabilities: Record<string, { name: string; severity: string }>) {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 } as Record<string, number>;
  for (const v of Object.values(vulnerabilities)) {
    counts[v.severity]! += 1;
    counts.total! += 1;
  }
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: counts, dependencies: { prod: 120 } },
  });
}

describe('the dependency audit gate (scripts/audit-deps.ts)', () => {
  it('passes a tree with no advisory', () => {
    const outcome = readAudit(report({}));
    expect(outcome).toEqual({
      kind: 'checked',
      counts: { info: 0, low: 0, moderate: 0, high: 0, critical: 0 },
      blocking: [],
    });
    expect(auditExitCode(outcome, true)).toBe(0);
  });

  it('passes low and moderate findings, counting them', () => {
    const outcome = readAudit(report({ a: { name: 'a', severity: 'low' }, b: { name: 'b', severity: 'moderate' } }));
    expect(outcome.kind === 'checked' && outcome.counts).toMatchObject({ low: 1, moderate: 1, high: 0, critical: 0 });
    expect(auditExitCode(outcome, false)).toBe(0);
  });

  it('fails on a high or a critical finding and names the packages', () => {
    const outcome = readAudit(
      report({
        axios: { name: 'axios', severity: 'high' },
        ws: { name: 'ws', severity: 'critical' },
        c: { name: 'c', severity: 'low' },
      }),
    );
    expect(outcome.kind === 'checked' && outcome.blocking).toEqual([
      { name: 'axios', severity: 'high' },
      { name: 'ws', severity: 'critical' },
    ]);
    expect(auditExitCode(outcome, false)).toBe(1);
  });

  it('reports an unanswered audit as not checked, never as clean', () => {
    // What this workplace's registry answers (npm 11).
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      body: '',
      error: { summary: '', detail: '' },
    });
    const outcome = readAudit(refused);
    expect(outcome).toEqual({ kind: 'unavailable', reason: expect.stringContaining('405 Method Not Allowed') });
    expect(auditExitCode(outcome, false)).toBe(0);
    expect(auditExitCode(outcome, true)).toBe(1);
  });

  it('treats output that is not a report (a crash, nothing printed) as not checked', () => {
    expect(readAudit('')).toMatchObject({ kind: 'unavailable' });
    expect(readAudit('npm error code ENOTFOUND')).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringContaining('ENOTFOUND'),
    });
  });
});
