import Razorpay from 'razorpay';
import type { PaymentProvider } from './types.js';
import { ProviderError } from './types.js';
import { checkoutSignature, hmacHex, safeEqualHex } from './signatures.js';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
  /** Tests point the official SDK at a local stand-in for the Orders API. */
  apiBaseUrl?: string;
}

/**
 * Every order's payment is captured by Razorpay itself, whatever the account's capture setting: the
 * checkout's signature (/verify) proves only an authorization, and an authorized payment that nobody
 * captures is refunded by Razorpay days later while the app counts it paid. One authorized more than
 * an hour after it began (a late authorization, after the customer was told it failed and may have
 * booked again) is left uncaptured, and Razorpay refunds it at its normal speed (free; an instant
 * refund costs a fee), as the refund policy promises (5 to 7 working days). Razorpay takes a manual
 * expiry equal to or above the automatic one, up to 7,200 minutes.
 */
const AUTOMATIC_CAPTURE = {
  capture: 'automatic',
  capture_options: { automatic_expiry_period: 60, manual_expiry_period: 60, refund_speed: 'normal' },
} as const;

/** Razorpay through its official SDK: Orders API, checkout signature, webhook signature. */
export function createRazorpayProvider(opts: RazorpayOptions): PaymentProvider {
  const client = new Razorpay({ key_id: opts.keyId, key_secret: opts.keySecret });
  if (opts.apiBaseUrl) {
    // The SDK has no host option; its axios instance is the one seam.
    (client as unknown as { api: { rq: { defaults: { baseURL: string; timeout: number } } } }).api.rq.defaults.baseURL =
      opts.apiBaseUrl;
  }
  (client as unknown as { api: { rq: { defaults: { timeout: number } } } }).api.rq.defaults.timeout = 10_000;

  return {
    name: 'razorpay',
    keyId: opts.keyId,
    async createOrder(input) {
      try {
        const order = await client.orders.create({
          amount: input.amount,
          currency: input.currency,
          receipt: input.receipt,
          notes: input.notes,
          payment: AUTOMATIC_CAPTURE,
        });
        if (!order?.id) throw new ProviderError('Razorpay answered without an order id');
        return { id: order.id };
      } catch (err) {
        throw err instanceof ProviderError ? err : new ProviderError(describeRazorpayError(err));
      }
    },
    verifyCheckout: (s) =>
      safeEqualHex(checkoutSignature(opts.keySecret, s.razorpay_order_id, s.razorpay_payment_id), s.razorpay_signature),
    async capturedPayments(orderId) {
      try {
        const { items } = await client.orders.fetchPayments(orderId);
        return items
          .filter((p) => p.status === 'captured')
          .map((p) => ({
            id: p.id,
            amount: Number(p.amount),
            currency: p.currency,
            paidAt: new Date(p.created_at * 1000),
          }));
      } catch (err) {
        throw new ProviderError(describeRazorpayError(err));
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!opts.webhookSecret) return false;
      return safeEqualHex(hmacHex(opts.webhookSecret, rawBody), signature);
    },
  };
}

/**
 * What the SDK rejected with, for the log: `{ statusCode, error: { code, description } }` when
 * Razorpay answered (its normalizeError); anything else means no answer came (a refused or reset
 * connection, the timeout). Only these fields are read: the SDK's request (with its credentials)
 * is never logged.
 */
export function describeRazorpayError(err: unknown): string {
  const e = err as { statusCode?: unknown; error?: { code?: unknown; description?: unknown } } | null;
  if (e && typeof e.statusCode === 'number') {
    const code = typeof e.error?.code === 'string' ? ` ${e.error.code}` : '';
    const description = typeof e.error?.description === 'string' ? `: ${e.error.description.slice(0, 200)}` : '';
    return `Razorpay answered HTTP ${e.statusCode}${code}${description}`;
  }
  return 'no answer from Razorpay (connection refused or reset, or no answer within 10 s)';
}
