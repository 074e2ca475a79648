/**
 * What a page can arrive with that the server could not render into it: the session token
 * (lib/token-store.ts), toasts carried from the last page (lib/toast.ts) and the reason a Google
 * sign-in came back (features/auth/components/auth-error-toast.tsx). Named here, apart from the
 * modules that use them, so a marketing page's entry (site.tsx) can look for them without loading
 * those modules (lib/page-boot.ts).
 */
export const TOKEN_KEY = 'token';
export const CARRIED_TOASTS_KEY = 'remotefix.toasts';
/** A message being written on a ticket (features/conversation/lib/drafts.ts), forgotten at logout. */
export const DRAFT_KEY_PREFIX = 'remotefix.draft.';
/** The query parameter of `/?authError=<reason>` (src/server/modules/auth/google-routes.ts). */
export const AUTH_ERROR_PARAM = 'authError';
