import type { FastifyRequest } from 'fastify';
import {
  type Attachment,
  type AttachmentType,
  CONVERSATION_LIMITS,
  isImageType,
} from '../../../shared/contracts/messages.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { createSlots } from '../../lib/slots.js';
import { mayReadAttachment, mayUseStaffNotes } from '../tickets/policy.js';
import { cleanFileName, contentDisposition, sniffAttachment } from './files.js';
import { lockTicketState } from '../tickets/queries.js';
import { findAttachment, insertAttachment, lockUploader, ticketFileBytes, unusedUploadCount } from './queries.js';
import { readableTicket, refuseMessage } from './service.js';

export const TOO_LARGE = 'A file may be at most 10 MB';

/**
 * Whether `uploader` may upload to the ticket: whoever may still post a message there that could
 * carry the file (a customer until completion, the engineer and admins always, for staff notes).
 * Asked before the body is read, so a refused upload is not buffered first.
 */
export async function checkUploader(db: Db, uploader: UserRow, ticketId: string) {
  const ticket = await readableTicket(db, uploader, ticketId);
  const refusal = refuseMessage(uploader, ticket, mayUseStaffNotes(uploader, ticket));
  if (refusal) throw refusal;
  // Each waiting upload is kept for a day: without a cap, one account could fill the database. Asked
  // here too, before the body is read, so a burst past the cap is not buffered first.
  if ((await unusedUploadCount(db, uploader.id)) >= CONVERSATION_LIMITS.unusedUploadsMax) throw tooManyWaiting();
  if ((await ticketFileBytes(db, ticketId)) >= CONVERSATION_LIMITS.ticketFilesMaxBytes) throw ticketFull();
}

const MB = 1024 * 1024;
const ticketFull = () =>
  new AppError(
    413,
    `The files of one ticket may total at most ${CONVERSATION_LIMITS.ticketFilesMaxBytes / MB} MB, and this one does not fit: describe the rest in a message`,
  );

const tooManyWaiting = () =>
  new AppError(
    429,
    `You have ${CONVERSATION_LIMITS.unusedUploadsMax} files waiting to be sent: send them with a message first`,
  );

/**
 * The uploads each account is sending to this server now, at most CONVERSATION_LIMITS.uploadsAtOnce:
 * every one is held in memory until it is stored, so one account's burst (80 files of 10 MB at once)
 * would stall the server for everyone. Taken before the body is read.
 */
export const createUploadSlots = () =>
  createSlots(
    CONVERSATION_LIMITS.uploadsAtOnce,
    () =>
      new AppError(
        429,
        `Wait for your other uploads to finish: at most ${CONVERSATION_LIMITS.uploadsAtOnce} at a time`,
      ),
  );

const ONE_FILE = 'Send one file in the form field "file"';

/**
 * Reads the one file of the form, at most the plugin's size limit (413 beyond). A second file (the
 * plugin's `files` limit) is refused rather than dropped unseen; fields that are not files are
 * ignored, as a JSON body's unknown fields are. A form the parser cannot read (no boundary, cut
 * short) is the client's mistake: 400, never a 500.
 */
export async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  try {
    let upload: { fileName: string; bytes: Buffer } | undefined;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (upload || part.fieldname !== 'file') throw badRequest(ONE_FILE);
      upload = { fileName: part.filename, bytes: await part.toBuffer() };
    }
    if (!upload) throw badRequest(ONE_FILE);
    if (upload.bytes.length === 0) throw badRequest('The file is empty');
    return upload;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, TOO_LARGE);
    // More files, fields or parts than a form of one file has: the parser's 413 would say the body
    // is too large, which it is not.
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw badRequest(ONE_FILE);
    }
    const status = (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    throw badRequest('The upload is not a readable multipart form');
  }
}

/**
 * Keeps an upload for a later message of its uploader on this ticket: its type decided from its bytes
 * (415 for anything but PNG, JPEG, WebP, PDF and plain text), its name cleaned.
 */
export async function storeUpload(
  db: Db,
  uploader: UserRow,
  ticketId: string,
  file: { fileName: string; bytes: Buffer },
): Promise<Attachment> {
  const sniffed = await sniffAttachment(file.bytes);
  if (!sniffed) {
    throw new AppError(415, 'Only PNG, JPEG or WebP images, PDF documents and plain text files can be attached');
  }
  const { contentType, bytes } = sniffed;
  const fileName = cleanFileName(file.fileName, contentType);
  const id = await db.transaction(async (tx) => {
    // Checked again where it cannot race: uploads that passed checkUploader together (or on two
    // instances) are counted one after another, under the uploader's lock.
    if (!(await lockUploader(tx, uploader.id))) throw unauthorized();
    if ((await unusedUploadCount(tx, uploader.id)) >= CONVERSATION_LIMITS.unusedUploadsMax) throw tooManyWaiting();
    // The ticket's total, likewise under its row lock (its customer and its engineer may upload at once).
    if (!(await lockTicketState(tx, ticketId))) throw notFound('Ticket not found');
    const held = await ticketFileBytes(tx, ticketId);
    if (held + bytes.length > CONVERSATION_LIMITS.ticketFilesMaxBytes) throw ticketFull();
    return insertAttachment(tx, {
      ticketId,
      uploaderId: uploader.id,
      fileName,
      contentType,
      size: bytes.length,
      data: bytes,
    });
  });
  return { id, fileName, contentType, size: bytes.length };
}

/** The file and the headers it is served with, for those who may read the message it belongs to. */
export async function attachmentDownload(db: Db, reader: UserRow, id: string) {
  const row = await findAttachment(db, id);
  if (!row) throw notFound('Attachment not found');
  const message = row.messageId ? { internal: row.internal ?? false } : null;
  if (!mayReadAttachment(reader, { uploaderId: row.uploaderId, message }, row)) {
    throw forbidden('You may not read this file');
  }
  const type = row.contentType as AttachmentType;
  return {
    data: row.data,
    headers: {
      'content-type': type === 'text/plain' ? 'text/plain; charset=utf-8' : type,
      'content-length': String(row.data.length),
      'x-content-type-options': 'nosniff',
      // Images are shown in the thread; anything else is a download, never opened in the app's origin.
      'content-disposition': contentDisposition(isImageType(type) ? 'inline' : 'attachment', row.fileName),
      // Opened on its own, the file runs nothing and loads nothing (an image still shows).
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'private, no-store',
      'cross-origin-resource-policy': 'same-origin',
    },
  };
}
