import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { appConfig } from '@/lib/app-config';
import { CheckoutContext, type CheckoutControls } from './checkout-context';
import { openRazorpayCheckout } from './razorpay-checkout';
import type { PendingCheckout } from './test-checkout-dialog';

// Like Razorpay's widget, the test provider's dialog (Radix) loads when a checkout opens; if it cannot,
// openCheckout fails and the payment flow says the payment window could not open.
const loadTestCheckout = () => import('./test-checkout-dialog');
const TestCheckoutDialog = lazy(() => loadTestCheckout().then((m) => ({ default: m.TestCheckoutDialog })));

/** Opens Razorpay's widget, or the built-in "Test payment" dialog under the test provider. */
export function CheckoutProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<PendingCheckout | null>(null);
  const [loaded, setLoaded] = useState(false);
  const controls = useMemo<CheckoutControls>(
    () => ({
      async openCheckout(order, prefill, description) {
        if (appConfig.paymentProvider === 'razorpay') return openRazorpayCheckout(order, prefill, description);
        await loadTestCheckout();
        setLoaded(true);
        return new Promise((resolve) => setPending({ order, prefill, description, resolve }));
      },
    }),
    [],
  );
  return (
    <CheckoutContext.Provider value={controls}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <TestCheckoutDialog pending={pending} onClose={() => setPending(null)} />
        </Suspense>
      )}
    </CheckoutContext.Provider>
  );
}
