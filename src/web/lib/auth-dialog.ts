import { createContext, useContext } from 'react';

/**
 * How any part of the app opens the login/signup dialog (the header's Login, the hero's Start Remote
 * Session). The dialog itself is the auth feature's (AuthDialogProvider, mounted by the app shell);
 * this is the shared handle to it, so shared parts and other features need not import that feature.
 */
/** `forgot`: "Forgot password?", which emails a reset link. */
export type AuthMode = 'login' | 'signup' | 'forgot';

export interface AuthDialogOptions {
  /** A path of this site to go on to once signed in, instead of the role's home (/dashboard, /admin). */
  next?: string;
}

export interface AuthDialogControls {
  openAuthDialog(mode?: AuthMode, options?: AuthDialogOptions): void;
}

export const AuthDialogContext = createContext<AuthDialogControls>({ openAuthDialog: () => {} });

export const useAuthDialog = () => useContext(AuthDialogContext);
