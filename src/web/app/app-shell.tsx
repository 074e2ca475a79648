import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthDialogProvider } from '@/features/auth/components/auth-dialog';
import { AuthErrorToast } from '@/features/auth/components/auth-error-toast';
import { TestModeNotice } from '@/features/payments/components/test-mode-notice';

/** What every page has around it, routed (app/router.tsx) or server-rendered (app/site-page.tsx). */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <AuthDialogProvider>
      {/* First, so it is listening before any child's effect raises a toast. */}
      <Toaster />
      <TestModeNotice />
      <AuthErrorToast />
      {children}
    </AuthDialogProvider>
  );
}
