import { lazy, type ReactNode, useMemo, useState } from 'react';
import { LazyOverlay } from '@/components/ui/lazy-overlay';
import { AuthDialogContext, type AuthDialogOptions, type AuthMode } from '@/lib/auth-dialog';
import { afterLogin } from '../lib/after-login';

// The dialog (Radix) and its forms (react-hook-form, zod) load on first open: none of it is needed
// to show a page, so it stays out of the first download.
const AuthDialogView = lazy(() => import('./auth-dialog-view'));

/** Provides useAuthDialog().openAuthDialog(mode) to the whole app. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; mode: AuthMode; loaded: boolean }>({
    open: false,
    mode: 'login',
    loaded: false,
  });
  const controls = useMemo(
    () => ({
      openAuthDialog(mode: AuthMode = 'login', options?: AuthDialogOptions) {
        afterLogin.set(options?.next);
        setState({ open: true, mode, loaded: true });
      },
    }),
    [],
  );
  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      {state.loaded && (
        <LazyOverlay label="sign-in form">
          <AuthDialogView
            open={state.open}
            mode={state.mode}
            onOpenChange={(open) => setState((s) => ({ ...s, open }))}
            onModeChange={(mode) => setState((s) => ({ ...s, mode }))}
          />
        </LazyOverlay>
      )}
    </AuthDialogContext.Provider>
  );
}
