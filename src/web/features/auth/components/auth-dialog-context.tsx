import { createContext, useContext } from 'react';

export type AuthMode = 'login' | 'signup';

export interface AuthDialogControls {
  openAuthDialog(mode?: AuthMode): void;
}

export const AuthDialogContext = createContext<AuthDialogControls>({ openAuthDialog: () => {} });

export const useAuthDialog = () => useContext(AuthDialogContext);
