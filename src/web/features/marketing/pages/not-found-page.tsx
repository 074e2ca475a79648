import { Home } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AppLink } from '@/lib/navigation';
import { usePageMeta } from '@/lib/use-page-meta';

export default function NotFoundPage() {
  usePageMeta(true);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild size="lg" className="mt-8">
        <AppLink to={paths.home}>
          <Home aria-hidden="true" />
          Go Home
        </AppLink>
      </Button>
    </div>
  );
}
