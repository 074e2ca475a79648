import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { AuthMode } from '@/lib/auth-dialog';
import AuthForms from './auth-forms';

const TITLES: Record<AuthMode, { title: string; description: string }> = {
  login: { title: 'Welcome Back', description: 'Sign in to book tickets and follow your repairs.' },
  signup: { title: 'Create Account', description: 'Book remote repairs and track every ticket.' },
  forgot: { title: 'Reset your password', description: 'We email you a link to choose a new password.' },
};

interface Props {
  open: boolean;
  mode: AuthMode;
  onOpenChange(open: boolean): void;
  onModeChange(mode: AuthMode): void;
}

/** The Login / Create Account dialog itself (loaded on first open, with its forms). */
export default function AuthDialogView({ open, mode, onOpenChange, onModeChange }: Props) {
  const { title, description } = TITLES[mode];
  // No Radix Trigger (it opens from anywhere): DialogContent gives the focus back to what opened it.
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <AuthForms mode={mode} onModeChange={onModeChange} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
