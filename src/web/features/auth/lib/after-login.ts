/**
 * Where to go once the visitor is signed in, when the page that asked them to sign in was not the
 * home of their role: a ticket's page from the completion email's "Rate the repair" link. Kept in
 * the tab's session storage, so it also survives the round trip through Google's sign-in; set (or
 * cleared) each time the dialog opens, so a later, unrelated login goes home as usual.
 */
const KEY = 'remotefix.afterLogin';

/** A path of this site only ("/tickets/…"), never another origin ("//evil.example", "/\evil"). */
const isOwnPath = (path: string) => /^\/(?![/\\])/.test(path);

export const afterLogin = {
  set(path: string | undefined) {
    try {
      if (path && isOwnPath(path)) sessionStorage.setItem(KEY, path);
      else sessionStorage.removeItem(KEY);
    } catch {
      // Storage refused (a privacy setting): signing in goes home, as it always did.
    }
  },
  /** The path asked for, removed as it is read; null when none. */
  take(): string | null {
    try {
      const path = sessionStorage.getItem(KEY);
      sessionStorage.removeItem(KEY);
      return path && isOwnPath(path) ? path : null;
    } catch {
      return null;
    }
  },
};
