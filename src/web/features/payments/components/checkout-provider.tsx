import { type ReactNode, useMemo, useState } from 'react';
import { appConfig } from '@/lib/app-config';
import { CheckoutContext, type CheckoutControls } from './checkout-context';
import { openRazorpayCheckout } from './razorpay-checkout';
import { type PendingCheckout, TestCheckoutDialog } from './test-checkout-dialog';

/** Opens Razorpay's widget, or the built-in "Test payment" dialog under the test provider. */
export function CheckoutProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<PendingCheckout | null>(null);
  const controls = useMemo<CheckoutControls>(
    () => ({
      openCheckout(order, prefill, description) {
        if (appConfig.paymentProvider === 'razorpay') return openRazorpayCheckout(order, prefill, description);
        return new Promise((resolve) => setPending({ order, prefill, description, resolve }));
      },
    }),
    [],
  );
  return (
    <CheckoutContext.Provider value={controls}>
      {children}
      <TestCheckoutDialog pending={pending} onClose={() => setPending(null)} />
    </CheckoutContext.Provider>
  );
}
