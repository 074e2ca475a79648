import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import type { OrderResponse } from '@shared/contracts/payments';
import type { Ticket } from '@shared/contracts/tickets';
import { isPaid } from '@shared/payments';
import { ApiError, errorMessage, NetworkError, SessionEndedError, toastError } from '@/lib/api-client';
import { type Prefill, useCheckout } from '../components/checkout-context';
import { getPaymentStatus, pollPaymentStatus, verifyPayment } from './payment-calls';

export interface PaymentFlow {
  createOrder(): Promise<OrderResponse>;
  prefill: Prefill;
  description: string;
  successMessage: string;
  /**
   * Runs once the payment is known to be paid, with the ticket /verify answered (a booking's, made by
   * that call or an earlier one); without it when the order's status said so instead (polling).
   */
  afterPaid?(ticket: Ticket | undefined): void;
}

const ORDER_FAILED = 'Failed to create payment order';

/**
 * Whether the call failed because the session ended while a payment was under way. The payment
 * itself may have gone through, and the webhook or the reconciliation then makes the ticket: said
 * when this call ended the session (the API client has said why); nothing when it had ended already
 * (a logout in another tab).
 */
function sessionGone(err: unknown): boolean {
  if (!(err instanceof ApiError && err.status === 401)) return false;
  if (err instanceof SessionEndedError) {
    toast.info('If your payment went through, your ticket will appear once you log in again.');
  }
  return true;
}

/**
 * Order → checkout → verify; when verify gives no final answer, poll the order's status
 * (every 3 s, up to 120 s). Every outcome ends in one of SPEC.md §8's toasts. Resolves true when paid.
 */
export function usePaymentFlow() {
  const { openCheckout } = useCheckout();
  return useCallback(
    async (flow: PaymentFlow): Promise<boolean> => {
      let order: OrderResponse;
      try {
        order = await flow.createOrder();
      } catch (err) {
        if (err instanceof SessionEndedError) return false; // the API client has said so
        // SPEC.md §8's message, and the server's reason when it has one of its own (a fee already
        // paid, too many orders in a minute), or that the server was not reached.
        const reason =
          err instanceof NetworkError
            ? 'no connection, nothing was charged. Check your connection and try again.'
            : errorMessage(err, ORDER_FAILED);
        toast.error(reason === ORDER_FAILED ? ORDER_FAILED : `${ORDER_FAILED}: ${reason}`);
        return false;
      }

      let result;
      try {
        result = await openCheckout(order, flow.prefill, flow.description);
      } catch {
        toast.error('Could not open the payment window. Please check your connection and try again.');
        return false;
      }
      const finish = (ticket?: Ticket) => {
        flow.afterPaid?.(ticket);
        toast.success(flow.successMessage);
        return true;
      };

      if (result.kind === 'dismissed' || result.kind === 'failed') {
        // A payment can complete as the window closes (a UPI request approved on the phone, a retry
        // after a failed attempt): the order's status is asked once before saying it did not.
        const status = await getPaymentStatus(order.id).catch(() => undefined);
        if (status && isPaid(status)) return finish();
        if (result.kind === 'dismissed') toast.info('Payment cancelled');
        else toast.error('Payment failed or timed out.');
        return false;
      }

      try {
        const verified = await verifyPayment(result.success);
        if (verified.status === 'success') return finish(verified.ticket);
      } catch (err) {
        if (sessionGone(err)) return false;
        if (err instanceof ApiError && err.status < 500) {
          toast.error('Payment verification failed');
          return false;
        }
        // No final answer (network or server trouble): the order's status decides.
      }

      const progress = toast.loading('Confirming your payment…');
      let outcome;
      try {
        outcome = await pollPaymentStatus(order.id);
      } catch (err) {
        if (sessionGone(err)) return false;
        toastError(err, 'Could not confirm your payment');
        return false;
      } finally {
        progress.dismiss();
      }
      if (outcome === 'paid') return finish();
      if (outcome === 'failed') toast.error('Payment failed or timed out.');
      // Not a failure: the payment may still be confirmed (the webhook makes the ticket then).
      else toast.warning('Timed out while waiting for payment status. Please try again.');
      return false;
    },
    [openCheckout],
  );
}
