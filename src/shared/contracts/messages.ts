import { z } from 'zod';
import { ROLES } from '../roles.js';
import { hasOnlyAllowedChars, idSchema, isBlank } from './common.js';

/** The conversation on a ticket (DECISIONS.md §7.2): its limits, shared by the composer and the server. */
export const CONVERSATION_LIMITS = {
  bodyMax: 4000,
  attachmentsPerMessage: 10,
  /** 10 MB: a file of exactly this many bytes is accepted, one byte more is 413. */
  attachmentMaxBytes: 10 * 1024 * 1024,
  /**
   * Uploads one account may have waiting for a message at a time (they are kept up to 24 hours):
   * enough for a few messages' files, not enough to fill the database.
   */
  unusedUploadsMax: 30,
  /**
   * Uploads one account may be sending to one server at a time: each is held in memory until it is
   * stored, so a burst of them would stall the server for everyone. The composer queues the rest.
   */
  uploadsAtOnce: 4,
  /**
   * 100 MB: the files one ticket may hold, sent and waiting together. Enough for a repair's
   * screenshots, logs and documents many times over; each ticket costs its booking fee, so storage
   * grows with paid tickets, never with one account's uploads.
   */
  ticketFilesMaxBytes: 100 * 1024 * 1024,
  /** Longer names are shortened, keeping their extension. */
  fileNameMax: 120,
  accessIdMax: 100,
  /** Messages a page of the thread holds unless the caller asks for another number (at most `max`). */
  page: { default: 50, max: 200 },
} as const;

/** What may be attached: decided from the file's bytes, never from its name or declared type. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'text/plain'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/**
 * The names a text attachment may keep (the first is added to one with none of them). Browsers give
 * such files many types (text/x-log, text/csv, application/json) or none, so the composer goes by these.
 */
export const TEXT_FILE_EXTENSIONS = [
  'txt',
  'log',
  'text',
  'csv',
  'md',
  'ini',
  'cfg',
  'conf',
  'json',
  'yaml',
  'yml',
  'out',
  'err',
] as const;
/** The attachment size limit in the composer's words: `10 MB`. */
export const ATTACHMENT_MAX_LABEL = `${CONVERSATION_LIMITS.attachmentMaxBytes / (1024 * 1024)} MB`;
/** Shown inline in the thread (previews); every other type is downloaded. */
export const isImageType = (type: string) => type.startsWith('image/');

export const attachmentSchema = z.object({
  id: z.string(),
  /** Cleaned by the server: no path, no control characters, an extension that matches the type. */
  fileName: z.string(),
  contentType: z.enum(ATTACHMENT_TYPES),
  /** Bytes. */
  size: z.number().int(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
export const attachmentResponseSchema = z.object({ attachment: attachmentSchema });

/** Who wrote a message: name and role only, never an email or a phone. */
export const messageAuthorSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) });

export const messageSchema = z.object({
  id: z.string(),
  /** Trimmed; empty when the message only carries attachments. */
  body: z.string(),
  /** A staff note: only the assigned engineer and admins ever see it. */
  internal: z.boolean(),
  author: messageAuthorSchema,
  attachments: z.array(attachmentSchema),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesQuerySchema = z.object({
  /** Only the messages after this one (a message of the thread, as the caller sees it). */
  after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATION_LIMITS.page.max).default(CONVERSATION_LIMITS.page.default),
});

/** GET /api/tickets/{id}/messages: oldest first. */
export const messagesResponseSchema = z.object({
  messages: z.array(messageSchema),
  /**
   * More messages follow this page: pass this (the last message's id) as `after` for the next one.
   * Null when the page reaches the newest message.
   */
  nextCursor: z.string().nullable(),
});

const WRITE_SOMETHING = 'Write a message or attach a file';

/** POST /api/tickets/{id}/messages. */
export const postMessageBodySchema = z
  .object({
    body: z
      .string({ message: 'The message must be text' })
      .trim()
      .max(CONVERSATION_LIMITS.bodyMax, `A message must be at most ${CONVERSATION_LIMITS.bodyMax} characters`)
      .refine(hasOnlyAllowedChars, 'The message contains characters that are not allowed')
      .default(''),
    internal: z.boolean({ message: 'internal must be true or false' }).default(false),
    attachmentIds: z
      .array(idSchema)
      .max(
        CONVERSATION_LIMITS.attachmentsPerMessage,
        `At most ${CONVERSATION_LIMITS.attachmentsPerMessage} files per message`,
      )
      .default([]),
  })
  .refine((m) => !isBlank(m.body) || m.attachmentIds.length > 0, { message: WRITE_SOMETHING, path: ['body'] });
export type PostMessageBody = z.input<typeof postMessageBodySchema>;

/**
 * POST /api/tickets/{id}/messages may carry an `Idempotency-Key`, a random string the sender makes
 * once per message: the same key again (a Send retried after its answer was lost) answers the
 * message it made, not a second one. The other headers pass through untouched.
 */
export const postMessageHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Idempotency-Key must be 16 to 64 letters, digits, - or _')
    .optional()
    .describe('A random key made once per message: sent again with the same message, it answers the message it made'),
});

export const messageResponseSchema = z.object({ message: messageSchema });

/** POST /api/tickets/{id}/messages/read: everything up to this message (included) has been read. */
export const markReadBodySchema = z.object({ upTo: idSchema });
/** Messages of the ticket the caller has not read (their own never count). */
export const unreadResponseSchema = z.object({ unread: z.number().int() });

export const REMOTE_TOOLS = ['AnyDesk', 'RustDesk', 'TeamViewer', 'Other'] as const;
export type RemoteTool = (typeof REMOTE_TOOLS)[number];

/** The remote session's tool and id, as a ticket answer carries it to those who may see it. */
export const remoteAccessSchema = z.object({ tool: z.enum(REMOTE_TOOLS), accessId: z.string() });
export type RemoteAccess = z.infer<typeof remoteAccessSchema>;

/** PUT /api/tickets/{id}/remote-access. */
export const remoteAccessBodySchema = z.object({
  tool: z.enum(REMOTE_TOOLS, { message: 'Tool must be AnyDesk, RustDesk, TeamViewer or Other' }),
  accessId: z
    .string({ message: 'The access id is required' })
    .trim()
    .min(1, 'The access id is required')
    .refine((s) => !isBlank(s), 'The access id is required')
    .max(CONVERSATION_LIMITS.accessIdMax, `The access id must be at most ${CONVERSATION_LIMITS.accessIdMax} characters`)
    .refine(
      (s) => hasOnlyAllowedChars(s) && !/[\r\n\t\u0085\u2028\u2029]/.test(s),
      'The access id must be one line of text',
    ),
});
export type RemoteAccessBody = z.input<typeof remoteAccessBodySchema>;
