import type { FastifyBaseLogger } from 'fastify';
import { findReceiptOfOrder } from '../receipts/queries.js';
import { renderReceiptPdf } from '../receipts/service.js';
import type { AttachmentSource } from './sender.js';

/**
 * The files emails carry, made when each is sent: a booking's receipt PDF (receipts module), found by
 * the order it was issued for in the transaction that wrote the email. An order without one (none was
 * issued) goes without the attachment rather than without the email.
 */
export const emailAttachments =
  (log: FastifyBaseLogger): AttachmentSource =>
  async (db, ref) => {
    const receipt = await findReceiptOfOrder(db, ref.orderId);
    if (!receipt) {
      log.warn({ orderId: ref.orderId }, 'an email names a receipt that was not issued: sent without it');
      return null;
    }
    const { fileName, pdf } = await renderReceiptPdf(db, receipt.id);
    return { filename: fileName, content: pdf, contentType: 'application/pdf' };
  };
