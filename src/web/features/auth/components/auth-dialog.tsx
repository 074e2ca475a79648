import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { AuthDialogContext, type AuthMode } from './auth-dialog-context';

// The forms (react-hook-form, zod) load on first open, keeping them out of the first page load.
const AuthForms = lazy(() => import('./auth-forms'));

const TITLES: Record<AuthMode, { title: string; description: string }> = {
  login: { title: 'Welcome Back', description: 'Sign in to book tickets and follow your repairs.' },
  signup: { title: 'Create Account', description: 'Book remote repairs and track every ticket.' },
};

/** The Login / Create Account dialog, openable from anywhere through useAuthDialog(). */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthMode>('login');
  // The dialog has no Radix Trigger (it opens from anywhere), so Radix would drop focus on <body>
  // when it closes. Remember what opened it and give focus back there.
  const opener = useRef<HTMLElement | null>(null);
  const controls = useMemo(
    () => ({
      openAuthDialog(next: AuthMode = 'login') {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setMode(next);
        setOpen(true);
      },
    }),
    [],
  );
  const { title, description } = TITLES[mode];
  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={title}
          description={description}
          onCloseAutoFocus={(event) => {
            const el = opener.current;
            opener.current = null;
            if (el?.isConnected) {
              event.preventDefault();
              el.focus();
            }
          }}
        >
          <Suspense
            fallback={
              <div className="flex justify-center py-10">
                <Spinner label="Loading sign-in form" />
              </div>
            }
          >
            <AuthForms mode={mode} onModeChange={setMode} onDone={() => setOpen(false)} />
          </Suspense>
        </DialogContent>
      </Dialog>
    </AuthDialogContext.Provider>
  );
}
