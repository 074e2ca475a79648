import { ErrorState } from '@/components/ui/state';

/** A signed-in page whose user could not be loaded (offline, the server in trouble): nothing is lost, try again. */
export function AccountUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <ErrorState message="We could not load your account. Check your connection and try again." onRetry={onRetry} />
    </div>
  );
}
