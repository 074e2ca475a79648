/** The bench's figures and output: a median, a percentile, bytes as MB, a plain text table, and a JSON file in bench-results/. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.js';

export const RESULTS_DIR = join(ROOT, 'bench-results');

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The nearest-rank `p`th percentile (0–100) of `values`; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

export function writeResults(file: string, data: unknown) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, file);
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}

/** A plain text table: the first row is the header; numbers are right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) =>
    r
      .map((cell, i) =>
        /^[-+]?[\d.,]+( ?[a-zA-Z%×]*)?$/.test(cell) && i > 0
          ? cell.padStart(widths[i] ?? 0)
          : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ');
  const [head, ...body] = rows;
  return [line(head ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
