import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AppLink } from '@/lib/navigation';

/**
 * Where a page that has explained the service sends a visitor next: a free callback (the request
 * form, no account needed) or a ticket of their own (/dashboard, which asks a visitor to sign in first).
 */
export function CallToAction() {
  return (
    <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
      <Button asChild size="lg" variant="hero" className="w-full sm:w-auto">
        <AppLink to={paths.requestForm}>Request a repair</AppLink>
      </Button>
      <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
        <AppLink to={paths.dashboard}>Book a ticket</AppLink>
      </Button>
    </div>
  );
}
