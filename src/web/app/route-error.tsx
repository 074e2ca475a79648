import { AlertTriangle, Home, RotateCw } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { appConfig } from '@/lib/app-config';
import { isCodeLoadFailure } from '@/lib/code-load';

/**
 * Catches a page that cannot load its code or throws while rendering, and shows RouteError in its
 * place: inside its layout (the header stays usable) around a page, above every layout around the
 * routes. It lets go once the address moves to another page (`resetKey`: the path).
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: unknown; key: string }
> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * What a page that failed shows in place of itself: a reason in plain words and a way on, never an
 * error's own text or a blank screen. It uses no router context, so it also serves as the last
 * resort above every layout.
 */
function RouteError({ error }: { error: unknown }) {
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
