import { AlertTriangle, Home, RotateCw } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { appConfig } from '@/lib/app-config';

/**
 * Browsers word a failed `import()` differently (Chromium, Firefox, Safari). It happens when the
 * connection drops, or when a deploy has replaced the files an open tab still asks for; the browser
 * remembers the failure for the page's lifetime, so only a reload can fetch the code again.
 */
const LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

const isCodeLoadFailure = (error: unknown) => error instanceof Error && LOAD_FAILURE.test(error.message);

/**
 * What a page that failed shows in place of itself, inside its layout (the header stays usable): a
 * reason in plain words and a way on, never the router's own error text or a blank screen. It uses
 * no router context, so it also serves as the last resort above every layout.
 */
export function RouteError() {
  const error = useRouteError();
  const codeFailed = isCodeLoadFailure(error);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <AlertTriangle aria-hidden="true" className="size-10 text-destructive" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">
        {codeFailed ? 'This page could not load' : 'Something went wrong'}
      </h1>
      <p className="mt-3 text-muted-foreground">
        {codeFailed
          ? 'Check your connection, then reload. If RemoteFix was just updated, reloading fetches the new version.'
          : `This page stopped on an unexpected error. Reload to try again; if it keeps happening, write to ${appConfig.supportEmail}.`}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Reload
        </Button>
        <Button asChild size="lg" variant="outline">
          {/* A full page load: a fresh document fetches the current code. */}
          <a href={paths.home}>
            <Home aria-hidden="true" />
            Go Home
          </a>
        </Button>
      </div>
    </div>
  );
}
