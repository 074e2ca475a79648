import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Main services have no parent; sub-services point at their main service and go with it. */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => services.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('services_parent_idx').on(t.parentId),
    uniqueIndex('services_main_name_unique')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.parentId} is null`),
    uniqueIndex('services_sub_name_unique')
      .on(t.parentId, sql`lower(${t.name})`)
      .where(sql`${t.parentId} is not null`),
  ],
);

export type ServiceRow = typeof services.$inferSelect;
