import type { PGlite } from '@electric-sql/pglite';

/** `everyTable`: vacuum every table whatever its counts say (the first pass after a start). */
export interface AutovacuumOptions {
  everyTable?: boolean;
}

/** What one pass did: the statements it ran, in order. */
export interface AutovacuumPass {
  ran: string[];
}

/**
 * One pass of PostgreSQL's autovacuum, for PGlite. PGlite is PostgreSQL as one backend inside this
 * process: there is no autovacuum worker (its `autovacuum` setting says on, and nothing acts on it).
 * Without one, the row versions every update and delete leaves behind stay in the tables for good, the
 * visibility map is never set (so an index-only scan reads every row's page too), and the planner's
 * statistics stay as they were when the data was small.
 *
 * A table is vacuumed, analysed or both when it passes PostgreSQL's own default thresholds, read from
 * the same statistics its worker reads (`pg_stat_user_tables`, against `pg_class.reltuples`):
 * - vacuum: dead rows over 50 + 20% of the table, or rows inserted since the last vacuum over
 *   1000 + 20% (so insert-only tables get their visibility map set);
 * - analyse: rows changed since the last analyse over 50 + 10% of the table.
 *
 * Those counts start from zero each time PGlite opens (it does not keep them across a restart), so the
 * first pass after a start (`everyTable`) vacuums every table: a table with nothing to clear costs a few
 * milliseconds (the visibility map lets vacuum skip its pages), one with rows left from before the
 * restart gets the work it needs. The planner's statistics are kept across restarts, so analysing still
 * waits for its threshold.
 *
 * Each statement is a query of its own on `client` (the app's turn-taking client, `pglite-turns.ts`),
 * so requests are served between tables. A statement holds PGlite while it runs: everyday churn
 * costs next to nothing, but on a large data set analysing the tickets, or vacuuming them after many
 * updates, holds the database for a noticeable moment, which is why a pass goes table by table.
 */
export async function autovacuumPass(
  client: Pick<PGlite, 'query'>,
  { everyTable = false }: AutovacuumOptions = {},
): Promise<AutovacuumPass> {
  const { rows } = await client.query<{ statement: string }>(
    `select case when needs_vacuum and needs_analyze then format('vacuum (analyze) %I.%I', schemaname, relname)
                 when needs_vacuum then format('vacuum %I.%I', schemaname, relname)
                 else format('analyze %I.%I', schemaname, relname) end as statement
       from (select s.schemaname, s.relname,
                    $1::boolean
                      or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
                      or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as needs_vacuum,
                    s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as needs_analyze
               from pg_stat_user_tables s join pg_class c on c.oid = s.relid) t
      where needs_vacuum or needs_analyze
      order by schemaname, relname`,
    [everyTable],
  );
  const ran: string[] = [];
  for (const { statement } of rows) {
    await client.query(statement);
    ran.push(statement);
  }
  return { ran };
}
