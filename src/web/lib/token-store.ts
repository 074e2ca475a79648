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

/** The session token, kept in local storage (SPEC.md §4) and observable by React. */
export const tokenStore = {
  get: read,
  set(token: string) {
    localStorage.setItem(KEY, token);
    listeners.forEach((l) => l());
  },
  clear() {
    localStorage.removeItem(KEY);
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => e.key === KEY && listener();
    window.addEventListener('storage', onStorage); // another tab logged in or out
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
