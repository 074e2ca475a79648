import { TOKEN_KEY as KEY } from './page-state-keys';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/**
 * The token this page last stored or was told about. It differs from the stored one only when the
 * site's storage was cleared behind the page's back (browser settings, an extension), which no event
 * reports in the same tab.
 */
let held: string | null = typeof window === 'undefined' ? null : read();

/** The session token, kept in local storage (SPEC.md §4) and observable by React. */
export const tokenStore = {
  get: read,
  held: () => held,
  set(token: string) {
    localStorage.setItem(KEY, token);
    held = token;
    listeners.forEach((l) => l());
  },
  clear() {
    localStorage.removeItem(KEY);
    held = null;
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    // Another tab logged in or out, or cleared the site's storage (key null).
    const onStorage = (e: StorageEvent) => {
      if (e.key !== KEY && e.key !== null) return;
      held = read();
      listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
