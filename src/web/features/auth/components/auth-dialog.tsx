import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
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
  const controls = useMemo(
    () => ({
      openAuthDialog(next: AuthMode = 'login') {
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
        <DialogContent title={title} description={description}>
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
