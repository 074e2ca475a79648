import { Column, type DriverValueDecoder, is, type Query, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelectBuilder } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * A prepared query per database handle, made on first use. The hot reads run as prepared
 * statements: drizzle builds their SQL once instead of on every request, and on PostgreSQL a
 * named statement is parsed once per connection. A prepared query belongs to the handle it was
 * made on (one process may hold many: the tests build an app per database), hence the WeakMap.
 */
export function perDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let query = made.get(db);
    if (query === undefined) {
      query = prepare(db);
      made.set(db, query);
    }
    return query;
  };
}

/** A selection of plain columns and SQL expressions: no nested objects. */
export type FlatFields = Record<string, PgColumn | SQL | SQL.Aliased>;

type Decoder = DriverValueDecoder<unknown, unknown>;

/** The decoder drizzle's own mapper uses for a field (an SQL expression keeps it on its SQL). */
function decoderOf(field: PgColumn | SQL | SQL.Aliased): Decoder {
  if (is(field, Column)) return field;
  const expression = ('sql' in field ? field.sql : field) as unknown as { decoder?: Decoder };
  if (typeof expression.decoder?.mapFromDriverValue !== 'function')
    throw new Error('prepareFlatSelect: a field without a decoder');
  return expression.decoder;
}

/**
 * Prepares the select `build` makes from `db.select(fields)`, as the statement `name`, with rows read
 * by position. drizzle's general row mapper re-inspects every field of every row (class checks, some
 * through alias proxies, and nested-object bookkeeping); for a flat selection each column's decoder
 * can be found once, here. Same driver, same type parsers, same decoders: the rows are what
 * `.prepare(name).execute()` would give.
 */
export function prepareFlatSelect<F extends FlatFields, Q extends PromiseLike<object[]> & { toSQL(): Query }>(
  db: Db,
  name: string,
  fields: F,
  build: (select: PgSelectBuilder<F>) => Q,
) {
  type Row = Awaited<Q>[number];
  const keys = Object.keys(fields);
  const decoders = Object.values(fields).map(decoderOf);
  const toRow = (values: unknown[]): Row => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = values[i];
      row[keys[i]!] = value === null || value === undefined ? null : decoders[i]!.mapFromDriverValue(value);
    }
    return row as Row;
  };
  return db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
    build(db.select(fields)).toSQL(),
    undefined,
    name,
    true,
    (rows) => rows.map(toRow),
  );
}
