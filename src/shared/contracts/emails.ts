import { z } from 'zod';
import { pageQuerySchema } from './tickets.js';
import { receiptSchema } from './receipts.js';

/**
 * An outgoing email's states (DECISIONS.md §7.3): `queued` until sent (or while retried), `sent`,
 * `failed` after its last attempt, `kept` when no SMTP_URL is set (nothing sent; admins read it here).
 */
export const EMAIL_STATUSES = ['queued', 'sent', 'failed', 'kept'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_KINDS = [
  'password-reset',
  'password-changed',
  'booking-confirmed',
  'engineer-assigned',
  'fee-due',
  'fee-paid',
  'new-message',
  'ticket-completed',
  'repair-request',
  'email-changed',
  'email-changed-undo',
  'account-suspended',
  'account-reinstated',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** An outgoing email in the admins' list. */
export const emailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

/** One outgoing email as rendered, for the admins' preview. */
export const emailDetailSchema = emailSummarySchema.extend({
  kind: z.enum(EMAIL_KINDS),
  ticketId: z.string().nullable(),
  sentAt: z.string().nullable(),
  html: z.string(),
  text: z.string(),
  /** True when the body was withheld from this reader (a password reset link, shown to superadmins only). */
  redacted: z.boolean(),
  /**
   * The receipts it carries as PDFs, each downloadable at GET /api/receipts/{id}. One that was never
   * issued is not listed: the email goes without it.
   */
  attachments: z.array(receiptSchema),
});
export type EmailDetail = z.infer<typeof emailDetailSchema>;

export const emailListQuerySchema = pageQuerySchema.extend({
  status: z.enum(EMAIL_STATUSES).optional(),
  /** Any part of the address or the subject (which names the ticket: RF-1001). */
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});

export const emailsResponseSchema = z.object({
  emails: z.array(emailSummarySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type EmailsResponse = z.infer<typeof emailsResponseSchema>;

export const emailResponseSchema = z.object({ email: emailDetailSchema });
export const emailSummaryResponseSchema = z.object({ email: emailSummarySchema });

/** Which optional emails the signed-in account gets (password resets and receipts always go). */
export const notificationSettingsSchema = z.object({ ticketUpdates: z.boolean(), messages: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsBodySchema = notificationSettingsSchema
  .partial()
  .refine((b) => b.ticketUpdates !== undefined || b.messages !== undefined, 'Nothing to change');
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;

/** The optional emails one can turn off, as the unsubscribe links name them. */
export const NOTIFICATION_TOPICS = ['ticketUpdates', 'messages'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(400) });
/** What an unsubscribe link names, and whether that kind of email is on for the address now. */
export const unsubscribeResponseSchema = z.object({
  topic: z.enum(NOTIFICATION_TOPICS),
  email: z.string(),
  on: z.boolean(),
  /** An engineer's: their optional emails are others than a customer's, set on Account security. */
  engineer: z.boolean(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
