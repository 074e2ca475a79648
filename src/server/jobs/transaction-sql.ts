import { type SQLChunk, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * pg-boss's `db` option over a drizzle transaction, so that `send` inserts the job in the caller's
 * transaction: the job exists if and only if the change it belongs to committed.
 *
 * pg-boss writes `$1 … $n`; drizzle numbers the values it binds `$1, $2, …` in the order they appear.
 * Each value is bound once, where its number first appears (pg-boss's statements first mention them in
 * order), and later mentions keep that number: pg-boss's insert names one value in several places
 * (`right($5, 1)`, `CAST($5 AS timestamptz)`), and PostgreSQL must give them all one type, as
 * pg-boss meant, not one each.
 */
export function transactionSql(tx: Db) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQLChunk[] = [];
      let bound = 0;
      let from = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        const n = Number(match[1]);
        if (n <= bound) continue; // mentioned before: the text keeps its number
        if (n !== bound + 1) throw new Error(`pg-boss statement mentions $${n} before $${bound + 1}`);
        chunks.push(sql.raw(text.slice(from, match.index)), sql.param(values[n - 1]));
        bound = n;
        from = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(from)));
      const result = (await tx.execute(sql.join(chunks))) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
