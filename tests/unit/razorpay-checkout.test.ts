import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutSuccess, OrderResponse } from '../../src/shared/contracts/payments.js';
import type { CheckoutResult } from '../../src/web/features/payments/components/checkout-context.js';

/**
 * openRazorpayCheckout against a stand-in for Razorpay's checkout.js (window.Razorpay): what the page
 * makes of the widget's events. The real widget keeps its modal open after a failed attempt so the
 * customer can retry; only closing it, or paying, ends the checkout.
 */
type Handlers = { handler: (s: CheckoutSuccess) => void; modal: { ondismiss: () => void } };
let widget: { options: Handlers; failed: (() => void)[]; opened: boolean } | undefined;

class FakeRazorpay {
  constructor(options: Handlers) {
    widget = { options, failed: [], opened: false };
  }
  on(event: string, cb: () => void) {
    if (event === 'payment.failed') widget!.failed.push(cb);
  }
  open() {
    widget!.opened = true;
  }
}

const order: OrderResponse = { id: 'order_1', amount: 9900, currency: 'INR', keyId: 'rzp_test_key' };
const prefill = { name: 'Asha', email: 'asha@example.com', phone: '9876543210' };
const success: CheckoutSuccess = {
  razorpay_order_id: 'order_1',
  razorpay_payment_id: 'pay_2',
  razorpay_signature: 'sig',
};

beforeEach(() => {
  widget = undefined;
  // The script tag "loads" at once and defines window.Razorpay, as checkout.js does.
  const script = { onload: null as null | (() => void) };
  Object.assign(globalThis, {
    window: { Razorpay: FakeRazorpay },
    document: { createElement: () => script, head: { appendChild: () => queueMicrotask(() => script.onload?.()) } },
  });
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'document');
});

async function open(): Promise<{ result: Promise<CheckoutResult> }> {
  const { openRazorpayCheckout } = await import('../../src/web/features/payments/components/razorpay-checkout.js');
  const result = openRazorpayCheckout(order, prefill, 'Booking fee');
  await expect.poll(() => widget?.opened).toBe(true);
  return { result };
}

describe('the Razorpay checkout (web)', () => {
  it('a failed attempt followed by a paying retry is a success, not a failure', async () => {
    const { result } = await open();
    widget!.failed.forEach((cb) => cb());
    widget!.options.handler(success);
    await expect(result).resolves.toEqual({ kind: 'success', success });
  });

  it('a failed attempt and then closing the widget is a failure', async () => {
    const { result } = await open();
    widget!.failed.forEach((cb) => cb());
    widget!.options.modal.ondismiss();
    await expect(result).resolves.toEqual({ kind: 'failed' });
  });

  it('closing the widget without an attempt is a cancellation', async () => {
    const { result } = await open();
    widget!.options.modal.ondismiss();
    await expect(result).resolves.toEqual({ kind: 'dismissed' });
  });

  it('passes the order, the key and the prefilled customer to the widget', async () => {
    await open();
    expect(widget!.options).toMatchObject({
      key: 'rzp_test_key',
      amount: 9900,
      currency: 'INR',
      order_id: 'order_1',
      prefill: { name: 'Asha', email: 'asha@example.com', contact: '9876543210' },
    });
  });
});
