import type { CheckoutSuccess, OrderResponse } from '@shared/contracts/payments';
import { PRODUCT_NAME } from '@shared/product';
import type { CheckoutResult, Prefill } from './checkout-context';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', cb: () => void): void;
}
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
let loading: Promise<RazorpayCtor> | undefined;

/** Loads Razorpay's hosted checkout script once, only when Razorpay is the active provider. */
function loadRazorpay(): Promise<RazorpayCtor> {
  loading ??= new Promise((resolve, reject) => {
    const el = document.createElement('script');
    el.src = SCRIPT;
    el.async = true;
    el.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error('Razorpay did not load'));
    };
    el.onerror = () => {
      loading = undefined;
      reject(new Error('Razorpay did not load'));
    };
    document.head.appendChild(el);
  });
  return loading;
}

export async function openRazorpayCheckout(
  order: OrderResponse,
  prefill: Prefill,
  description: string,
): Promise<CheckoutResult> {
  const Razorpay = await loadRazorpay();
  return new Promise((resolve) => {
    let settled = false;
    // Razorpay's widget stays open after a failed attempt so the customer can try again (its retry
    // is on by default): a failure is final only once they close it, and a retry that pays wins.
    let attemptFailed = false;
    const done = (r: CheckoutResult) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    };
    const rzp = new Razorpay({
      key: order.keyId,
      amount: order.amount,
      currency: order.currency,
      name: PRODUCT_NAME,
      description,
      order_id: order.id,
      prefill: { name: prefill.name, email: prefill.email, contact: prefill.phone },
      theme: { color: '#1d4ed8' },
      handler: (success: CheckoutSuccess) => done({ kind: 'success', success }),
      modal: { ondismiss: () => done({ kind: attemptFailed ? 'failed' : 'dismissed' }) },
    });
    rzp.on('payment.failed', () => {
      attemptFailed = true;
    });
    rzp.open();
  });
}
