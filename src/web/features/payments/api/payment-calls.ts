import type { BookingOrderBody, CheckoutSuccess, InProgressOrderBody } from '@shared/contracts/payments';
import { isPaid } from '@shared/payments';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS } from '@shared/product';
import { answer, api, ApiError } from '@/lib/api-client';

export const createBookingOrder = (body: BookingOrderBody) => answer(api.POST('/order', { body }));

export const createInProgressOrder = (body: InProgressOrderBody) => answer(api.POST('/order-inprogress', { body }));

export const verifyPayment = (success: CheckoutSuccess) => answer(api.POST('/verify', { body: success }));

export const getPaymentStatus = (orderId: string) =>
  answer(api.GET('/payment-status/{orderId}', { params: { path: { orderId } } })).then((r) => r.status);

export const testCheckout = (orderId: string, outcome: 'success' | 'failure') =>
  answer(api.POST('/test-checkout/{orderId}', { params: { path: { orderId } }, body: { outcome } }));

/**
 * SPEC.md §4/§9: asks every 3 s, for up to 120 s, until the order is paid (captured or verified)
 * or failed. Network hiccups and server trouble along the way are retried; a refusal (the session
 * ended, the order is not the caller's) will not change by asking again and is thrown.
 */
export async function pollPaymentStatus(
  orderId: string,
  opts = { intervalMs: PAYMENT_POLL_INTERVAL_MS, timeoutMs: PAYMENT_POLL_TIMEOUT_MS },
): Promise<'paid' | 'failed' | 'timeout'> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    try {
      const status = await getPaymentStatus(orderId);
      if (isPaid(status)) return 'paid';
      if (status === 'failed') return 'failed';
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) throw err;
      // otherwise keep asking until the deadline
    }
    if (Date.now() + opts.intervalMs > deadline) return 'timeout';
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
}
