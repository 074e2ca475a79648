import { CreditCard, FlaskConical, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import type { OrderResponse } from '@shared/contracts/payments';
import { formatRupees, PRODUCT_NAME } from '@shared/product';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { testCheckout } from '../api/payment-calls';
import type { CheckoutResult, Prefill } from './checkout-context';
import { EmailText } from '@/components/ui/email-text';

export interface PendingCheckout {
  order: OrderResponse;
  prefill: Prefill;
  description: string;
  resolve(result: CheckoutResult): void;
}

/** The test provider's stand-in for Razorpay's widget (DECISIONS.md §4): Pay, Fail, or close to dismiss. */
export function TestCheckoutDialog({ pending, onClose }: { pending: PendingCheckout | null; onClose(): void }) {
  const [busy, setBusy] = useState<'success' | 'failure' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pay = useRef<HTMLButtonElement>(null);

  const finish = (result: CheckoutResult) => {
    pending?.resolve(result);
    setBusy(null);
    setError(null);
    onClose();
  };

  const act = async (outcome: 'success' | 'failure') => {
    if (!pending) return;
    setBusy(outcome);
    setError(null);
    try {
      const answer = await testCheckout(pending.order.id, outcome);
      finish('razorpay_signature' in answer ? { kind: 'success', success: answer } : { kind: 'failed' });
    } catch (err) {
      // Paid already (a Pay whose answer was lost, or another tab): closed as Razorpay's widget would
      // be, and the payment flow, asking the order's status as it does after any close, goes on.
      if (err instanceof ApiError && err.status === 409) return finish({ kind: 'dismissed' });
      setBusy(null);
      setError(errorMessage(err, 'The test checkout did not answer. Try again.'));
    }
  };

  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && !busy && finish({ kind: 'dismissed' })}>
      {pending && (
        <DialogContent
          title="Test payment"
          description="Test mode: no real money moves."
          // Pay is what the customer came for (Razorpay's own widget opens on its pay step); Radix
          // would focus the first button, Fail.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            pay.current?.focus();
          }}
        >
          <div className="rounded-xl border bg-slate-50 p-4">
            <div className="flex items-center justify-between gap-3">
              <span className="font-semibold">{PRODUCT_NAME}</span>
              <span className="text-2xl font-extrabold">{formatRupees(pending.order.amount)}</span>
            </div>
            <p className="mt-1 text-sm text-muted-foreground">{pending.description}</p>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Name</dt>
              <dd>{pending.prefill.name}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="min-w-0">
                <EmailText email={pending.prefill.email} />
              </dd>
              <dt className="text-muted-foreground">Phone</dt>
              <dd>{pending.prefill.phone}</dd>
            </dl>
          </div>
          <p className="mt-3 flex items-center gap-2 text-xs text-amber-800">
            <FlaskConical aria-hidden="true" className="size-4" />
            Order {pending.order.id}
          </p>
          {error && (
            <p role="alert" className="mt-3 text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="mt-5 grid grid-cols-2 gap-3">
            <Button variant="outline" onClick={() => void act('failure')} disabled={busy !== null}>
              {busy === 'failure' ? <Spinner label="Failing payment" /> : <XCircle aria-hidden="true" />}
              Fail
            </Button>
            <Button ref={pay} onClick={() => void act('success')} disabled={busy !== null}>
              {busy === 'success' ? <Spinner label="Paying" /> : <CreditCard aria-hidden="true" />}
              Pay
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
