import { z } from 'zod';
import { PAYMENT_KINDS } from '../payments.js';

/** A receipt as GET /api/tickets/{id}/receipts lists it (DECISIONS.md §7.4); its PDF is GET /api/receipts/{id}. */
export const receiptSchema = z.object({
  id: z.string(),
  /** RF/2026-27/000001: numbered per Indian financial year, without gaps. */
  number: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  /** In paise, as Razorpay counts: 9900 for the booking fee. */
  amount: z.number().int(),
  currency: z.string(),
  paidAt: z.string(),
  /** The payment provider's id of the payment (Razorpay's `pay_…`). */
  paymentId: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptsResponseSchema = z.object({ receipts: z.array(receiptSchema) });
export type ReceiptsResponse = z.infer<typeof receiptsResponseSchema>;

/** The name a receipt's PDF is saved under: its number without the slashes (RF-2026-27-000001.pdf). */
export const receiptFileName = (number: string) => `${number.replace(/\//g, '-')}.pdf`;
