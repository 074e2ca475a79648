import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments.js';
import { idSchema } from './common.js';
import { ticketDraftSchema, ticketSchema } from './tickets.js';

const amountField = z.number().int().positive().optional();
const currencyField = z.literal('INR', { message: 'Currency must be INR' }).optional();

/**
 * POST /order: SPEC.md's body plus the ticket draft. The server decides amount, owner and
 * receipt; a client amount other than the fee is refused.
 */
export const bookingOrderBodySchema = ticketDraftSchema.extend({
  amount: amountField,
  currency: currencyField,
  receipt: z.string().max(100).optional(),
  notes: z.record(z.string(), z.unknown()).optional(),
});

export const inProgressOrderBodySchema = z.object({
  ticketId: idSchema,
  amount: amountField,
  currency: currencyField,
  receipt: z.string().max(100).optional(),
  notes: z.record(z.string(), z.unknown()).optional(),
  userId: z.string().optional(),
});

export type BookingOrderBody = z.input<typeof bookingOrderBodySchema>;
export type InProgressOrderBody = z.input<typeof inProgressOrderBodySchema>;

export const orderResponseSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  keyId: z.string(),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** What the checkout widget hands the page on success (Razorpay's field names). */
export const checkoutSuccessSchema = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});
export type CheckoutSuccess = z.infer<typeof checkoutSuccessSchema>;

export const verifyResponseSchema = z.object({
  status: z.literal('success'),
  /** The booking page shows it at once (no POST /api/tickets needed). */
  ticket: ticketSchema
    .optional()
    .describe(
      "The ticket the payment is for: a booking order's, made by this call or found made (by the checkout or the webhook); an in-progress fee's ticket",
    ),
});

export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const paymentStatusResponseSchema = z.object({ status: paymentStatusSchema });

export const inProgressPaymentsResponseSchema = z.object({
  payments: z.array(z.object({ ticketId: z.string(), status: paymentStatusSchema })),
});

export const testCheckoutBodySchema = z.object({ outcome: z.enum(['success', 'failure']) });
export const testCheckoutResponseSchema = z.union([checkoutSuccessSchema, z.object({ status: z.literal('failed') })]);
