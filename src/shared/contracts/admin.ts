import { z } from 'zod';
import { ACCOUNT_CHANGE_KINDS, ACCOUNT_DETAILS } from '../account-changes.js';
import { CREATABLE_ROLES, ROLES } from '../roles.js';
import { TICKET_EVENT_KINDS, TICKET_STATUSES } from '../tickets.js';
import { HISTORY_PAGE, LIMITS } from '../product.js';
import { COMPUTER_TYPES, URGENCIES } from './contact.js';
import { emailField, idSchema, nameField, phoneField, requiredId, requiredText } from './common.js';
import { passwordField } from './auth.js';
import { adminUserSchema } from './two-factor.js';
import { pageQuerySchema, ticketSchema } from './tickets.js';

export const statusChangeBodySchema = z.object({
  status: z.enum(TICKET_STATUSES, { message: 'Status must be pending, in-progress or completed' }),
});

export const assignBodySchema = z.object({
  engineerId: requiredId('Choose an engineer'),
  /**
   * A reassignment: the engineer the ticket is taken from. Without it a ticket that has an engineer
   * is refused (409, DECISIONS.md §4); with it, unless that is still the ticket's engineer.
   */
  replaces: idSchema.optional(),
});
export const assignResponseSchema = z.object({ ticket: ticketSchema });

/** Who did something a history keeps: an admin, an engineer, the customer. */
const actorSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) });

export const ticketEventSchema = z.object({
  id: z.string(),
  kind: z.enum(TICKET_EVENT_KINDS),
  actor: actorSchema.nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
/**
 * GET /api/admin/tickets/{id}/history and /api/admin/users/{id}/history: oldest first, paged like a
 * thread (contracts/messages.ts).
 */
export const historyQuerySchema = z.object({
  /** Only the entries after this one (an entry of the same history). */
  after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE.max).default(HISTORY_PAGE.default),
});
export const ticketHistoryResponseSchema = z.object({
  events: z.array(ticketEventSchema),
  /** More events follow this page: pass this (the last event's id) as `after`. Null on the last page. */
  nextCursor: z.string().nullable(),
});

/** What an admin did to an account (shared/account-changes.ts); `from` and `to` are roles where known. */
export const accountChangeSchema = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_CHANGE_KINDS),
  from: z.enum(ROLES).nullable(),
  to: z.enum(ROLES).nullable(),
  /** Which details were corrected ('details'); null for the other kinds. */
  fields: z.array(z.enum(ACCOUNT_DETAILS)).nullable(),
  /** The admin who did it; null once that account is gone. */
  actor: actorSchema.nullable(),
  createdAt: z.string(),
});
export type AccountChange = z.infer<typeof accountChangeSchema>;
export const accountHistoryResponseSchema = z.object({
  changes: z.array(accountChangeSchema),
  /** More changes follow this page: pass this (the last change's id) as `after`. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/** The New User form (SPEC.md §5): superadmin is never offered, and refused by the server. */
export const createUserBodySchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  password: passwordField,
  role: z.enum(CREATABLE_ROLES, { message: 'Role must be user, admin or engineer' }),
});

/**
 * PATCH /api/admin/users/{id}: an account's role, among those an admin may create (an engineer who
 * leaves becomes a customer; a customer hired as an engineer becomes one). The account is signed out
 * everywhere and signs in again with the new role.
 */
export const changeRoleBodySchema = z.object({
  role: z.enum(CREATABLE_ROLES, { message: 'Role must be user, admin or engineer' }),
});

/** What an admin types to find people: any part of a name or email (users: or of a phone's digits). */
const peopleSearchField = z.string().trim().max(100, 'Search text must be at most 100 characters').optional();

/** Whether an account may sign in ('active') or an admin has suspended it. */
export const ACCOUNT_STATES = ['active', 'suspended'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const userListQuerySchema = pageQuerySchema.extend({
  role: z.enum(ROLES).optional(),
  state: z.enum(ACCOUNT_STATES, { message: 'State must be active or suspended' }).optional(),
  q: peopleSearchField,
});
/** Each with `twoFactorEnabled` (two-factor.ts), which only admins see. */
export const usersResponseSchema = z.object({ users: z.array(adminUserSchema), nextCursor: z.string().nullable() });
export type UsersResponse = z.infer<typeof usersResponseSchema>;

export const engineerSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string() });
/** The engineer picker lists at most this many; past it, the admin narrows the list by name or email. */
export const ENGINEER_PICKER_LIMIT = 100;
export const engineerSearchQuerySchema = z.object({ q: peopleSearchField });
/** `more`: further engineers match than the list holds. */
export const engineersResponseSchema = z.object({ engineers: z.array(engineerSchema), more: z.boolean() });
export type Engineer = z.infer<typeof engineerSchema>;

export const contactRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  computerType: z.enum(COMPUTER_TYPES),
  description: z.string(),
  urgency: z.enum(URGENCIES),
  mainServiceId: z.string().nullable(),
  subServiceId: z.string().nullable(),
  mainService: z.object({ name: z.string() }),
  subService: z.object({ name: z.string() }),
  createdAt: z.string(),
  /** When an admin marked it handled (PATCH /api/admin/contacts/{id}); null while open. */
  handledAt: z.string().nullable(),
  /** Whether its email is a customer account's: a ticket draft can then be made for that person. */
  hasAccount: z.boolean(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export const contactListQuerySchema = z.object({
  /** Only the open requests (`false`) or the handled ones (`true`). */
  handled: z.enum(['true', 'false']).optional(),
  /** Any part of the name, email or description, or the phone's digits. */
  q: peopleSearchField,
});
export const contactHandledBodySchema = z.object({ handled: z.boolean() });
export const contactResponseBodySchema = z.object({ contact: contactRequestSchema });
export const contactsResponseSchema = z.object({
  contacts: z.array(contactRequestSchema),
  nextCursor: z.string().nullable(),
});

export const subServiceSchema = z.object({ id: z.string(), name: z.string(), parentId: z.string() });
export const catalogueResponseSchema = z.object({
  mainServices: z.array(z.object({ id: z.string(), name: z.string(), subServices: z.array(subServiceSchema) })),
});
export type CatalogueEntry = z.infer<typeof catalogueResponseSchema>['mainServices'][number];

/** The service form: an empty parent means a main category, sent as null. */
export const serviceBodySchema = z.object({
  name: requiredText('Name', LIMITS.serviceNameMax),
  parentId: z.preprocess((v) => (v === '' || v === undefined ? null : v), idSchema.nullable()),
});
export const serviceResponseSchema = z.object({
  service: z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() }),
});

export const successResponseSchema = z.object({ success: z.literal(true) });

export const dbModelParamsSchema = z.object({ model: z.string().min(1).max(50) });
export const dbRecordsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export const dbModelsResponseSchema = z.array(z.string());
export const dbRecordsResponseSchema = z.array(z.record(z.string(), z.unknown()));

export { idSchema };
