import { z } from 'zod';
import { replaceDisallowedChars } from '../../../shared/contracts/common.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { errors, type ZodApp } from '../../lib/http.js';
import type { Notices } from '../email/notices.js';
import type { PaymentProvider } from './providers/index.js';
import { failPayment, recordRefund, settleCapture } from './settlement.js';
import { findPayment } from './queries.js';

// Razorpay's ids (`pay_…`, `order_…`) and ISO currency codes: anything else in a signed body is
// refused (400) before it reaches the database, which refuses NUL and half surrogate pairs.
const providerId = z.string().regex(/^[\w-]{1,64}$/);
// Razorpay's own words for a failure, kept in the order's trail as far as the database can hold them:
// what a form field may not store replaced, at most 500 characters.
const providerText = z.string().transform((s) => replaceDisallowedChars(s).slice(0, 500));

const paymentEntity = z.object({
  id: providerId,
  order_id: providerId.nullable().optional(),
  amount: z.number().int(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  error_description: providerText.nullable().optional(),
  /** When the payment began, in seconds (Razorpay sends it on every payment). */
  created_at: z.number().int().nonnegative().optional(),
});
const refundEntity = z.object({
  id: providerId,
  amount: z.number().int(),
  payment_id: providerId,
});
const webhookEvent = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity.extend({ captured: z.boolean().optional() }) }).optional(),
      refund: z.object({ entity: refundEntity }).optional(),
    })
    .passthrough(),
});

/**
 * Counts refusals for the log: the first one warns at once, later ones at most once a minute with
 * how many there were (anyone can post to the public endpoint; the log is not theirs to flood).
 */
function refusalCounter(everyMs = 60_000) {
  let since = 0;
  let lastWarning = -Infinity;
  return {
    /** The number to report now, or undefined while the last warning is recent. */
    count(): number | undefined {
      since++;
      if (Date.now() - lastWarning < everyMs) return undefined;
      lastWarning = Date.now();
      const n = since;
      since = 0;
      return n;
    },
  };
}

/** POST /webhooks/razorpay: signed with X-Razorpay-Signature over the raw body. */
export async function webhookRoutes(
  app: ZodApp,
  { db, provider, notices }: { db: Db; provider: PaymentProvider; notices: Notices },
) {
  const badSignatures = refusalCounter();
  // The signature covers the exact bytes Razorpay sent, so this scope keeps the body raw.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/webhooks/razorpay', {
    config: { access: 'public' },
    schema: {
      tags: ['payments'],
      summary: 'Razorpay webhook: payment.captured, payment.failed and refund.processed',
      response: { 200: z.object({ ok: z.literal(true) }), ...errors(400, 404, 503) },
    },
    handler: async (request) => {
      // No input may produce a 5xx (DECISIONS.md §2): under the test provider there is no webhook to call.
      if (provider.name !== 'razorpay') throw notFound('Webhooks are not used by the test payment provider');
      const raw = request.body as Buffer;
      const signature = request.headers['x-razorpay-signature'];
      if (
        !Buffer.isBuffer(raw) ||
        !provider.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)
      ) {
        // Every delivery failing here means a wrong RAZORPAY_WEBHOOK_SECRET: Razorpay retries for a
        // day, then turns the webhook off. The signature itself is not logged.
        const refused = badSignatures.count();
        if (refused !== undefined) {
          request.log.warn(
            { refusedSinceLastWarning: refused },
            'Razorpay webhook signature does not match RAZORPAY_WEBHOOK_SECRET: delivery refused',
          );
        }
        throw badRequest('Invalid webhook signature');
      }
      let parsed;
      try {
        parsed = webhookEvent.safeParse(JSON.parse(raw.toString('utf8')));
      } catch {
        throw badRequest('The webhook body is not valid JSON');
      }
      if (!parsed.success) throw badRequest('Unexpected webhook payload');
      const { event, payload } = parsed.data;
      const payment = payload.payment?.entity;
      const order = payment?.order_id ? await findPayment(db, payment.order_id) : undefined;
      // Events for orders this app did not make are acknowledged and ignored, so Razorpay stops retrying.
      if (!payment || !order) return { ok: true as const };

      if (event === 'payment.captured' || event === 'order.paid') {
        const { id, amount, currency, created_at } = payment;
        const paidAt = created_at === undefined ? undefined : new Date(created_at * 1000);
        await settleCapture(db, notices, request.log, order, { id, amount, currency, paidAt }, 'webhook');
      } else if (event === 'refund.processed' && payload.refund) {
        const { id, amount, payment_id } = payload.refund.entity;
        const captured = payment.captured !== false;
        await recordRefund(db, request.log, order, { id, amount, paymentId: payment_id, captured });
      } else if (event === 'payment.failed') {
        await failPayment(db, order.orderId, {
          actorId: null,
          via: 'webhook',
          reason: payment.error_description ?? undefined,
          // Whole seconds: the payment began before the next one.
          ...(payment.created_at !== undefined
            ? { paymentBeganBefore: new Date((payment.created_at + 1) * 1000) }
            : {}),
        });
      }
      return { ok: true as const };
    },
  });
}
