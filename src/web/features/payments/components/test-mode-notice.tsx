import { FlaskConical } from 'lucide-react';
import { appConfig } from '@/lib/app-config';

/** DECISIONS.md §4: every page says so while the test payment provider is active. */
export function TestModeNotice() {
  if (appConfig.paymentProvider !== 'test') return null;
  // A landmark of its own: it sits above the header, and content outside every landmark is missed by screen-reader navigation.
  return (
    <aside aria-label="Payment test mode">
      <p
        role="note"
        className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-1.5 text-center text-xs font-semibold text-amber-950"
      >
        <FlaskConical aria-hidden="true" className="size-3.5" />
        Test mode: no real money
      </p>
    </aside>
  );
}
