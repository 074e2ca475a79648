import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { COMPUTER_TYPES, URGENCIES } from '../../../shared/contracts/contact.js';
import { services } from './catalogue.js';

export const computerTypeEnum = pgEnum('computer_type', COMPUTER_TYPES);
export const urgencyEnum = pgEnum('urgency', URGENCIES);

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    computerType: computerTypeEnum('computer_type').notNull(),
    description: text('description').notNull(),
    urgency: urgencyEnum('urgency').notNull().default('Low'),
    // The ids may go when a service is deleted; the names stay so the request still reads right.
    mainServiceId: uuid('main_service_id').references(() => services.id, { onDelete: 'set null' }),
    subServiceId: uuid('sub_service_id').references(() => services.id, { onDelete: 'set null' }),
    mainServiceName: text('main_service_name').notNull(),
    subServiceName: text('sub_service_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin marked it handled (issue 29); null while it is open. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt, t.id)],
);
