/**
 * Toasts (SPEC.md §8 messages, §9 figures in components/ui/toaster-impl.tsx), raised from anywhere.
 *
 * sonner and its toaster load once the page has settled or on the first toast, not with the page,
 * so a first visit does not wait for them; a toast raised before the toaster has mounted shows once
 * it has, and its live region has settled (about 100 ms more).
 * Before a full page load (lib/navigation.tsx), the toasts of the last few seconds are kept in
 * session storage and shown again on the next page, so "Logged in successfully!" survives the
 * move from a marketing page to the dashboard.
 */
import { CARRIED_TOASTS_KEY as CARRY_KEY } from './page-state-keys';

type Kind = 'success' | 'error' | 'info' | 'warning' | 'loading';
interface Raised {
  kind: Kind;
  message: string;
  id: string;
  at: number;
}

/** The kinds a toast can be carried to the next page in (a loading toast belongs to its page). */
const CARRIED_KINDS: ReadonlySet<unknown> = new Set<Kind>(['success', 'error', 'info', 'warning']);
const CARRY_WINDOW_MS = 4000;
/**
 * How long a toaster that has just mounted waits before showing its first toast: a live region
 * added to the page together with its first message may not be read out, since the browser has not
 * yet put the region in its accessibility tree (React Aria's announcer waits 100 ms the same way).
 */
const LIVE_REGION_SETTLE_MS = 100;

type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | undefined;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const ready = () => Promise.all([(sonner ??= import('sonner')), mounted]).then(([m]) => m);

let wanted = false;
const listeners = new Set<() => void>();
let recent: Raised[] = [];
let seq = 0;

function show(kind: Kind, message: string): string {
  const id = `toast-${Date.now()}-${++seq}`;
  const now = Date.now();
  recent = [...recent.filter((t) => now - t.at < CARRY_WINDOW_MS), { kind, message, id, at: now }];
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  // Closed by the visitor or by its timer: nothing left to carry to the next page.
  const forget = () => void (recent = recent.filter((t) => t.id !== id));
  void ready().then((m) => m.toast[kind](message, { id, onDismiss: forget, onAutoClose: forget }));
  return id;
}

export const toast = {
  success: (message: string) => void show('success', message),
  error: (message: string) => void show('error', message),
  info: (message: string) => void show('info', message),
  /** Nothing failed for certain, but the user should act or wait (an outcome not known yet). */
  warning: (message: string) => void show('warning', message),
  /** A toast that stays until dismissed (e.g. while a payment is confirmed). */
  loading(message: string) {
    const id = show('loading', message);
    return {
      dismiss() {
        recent = recent.filter((t) => t.id !== id);
        void ready().then((m) => m.toast.dismiss(id));
      },
    };
  },
};

/** For the toaster host (components/ui/toaster.tsx): whether any toast was raised, and "mounted". */
export const toasterHost = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: () => wanted,
  mounted: () => void window.setTimeout(markMounted, LIVE_REGION_SETTLE_MS),
};

/**
 * Keeps the toasts of the last few seconds that are still on screen for the next page (called before
 * a full page load). A success settles what came before it: "Invalid credentials" put right by the
 * next attempt does not follow "Logged in successfully!" to the dashboard.
 */
export function carryRecentToasts() {
  const now = Date.now();
  let keep = recent.filter((t) => CARRIED_KINDS.has(t.kind) && now - t.at < CARRY_WINDOW_MS);
  const lastSuccess = keep.findLastIndex((t) => t.kind === 'success');
  if (lastSuccess > 0) keep = keep.slice(lastSuccess);
  try {
    if (keep.length)
      sessionStorage.setItem(CARRY_KEY, JSON.stringify(keep.map(({ kind, message }) => ({ kind, message }))));
  } catch {
    // Storage unavailable (private mode quota): the toast is lost, the navigation is not.
  }
}

/** Shows what the previous page carried over (called once at start-up). */
export function showCarriedToasts() {
  let carried: { kind: Kind; message: string }[] = [];
  try {
    carried = JSON.parse(sessionStorage.getItem(CARRY_KEY) ?? '[]') as typeof carried;
    sessionStorage.removeItem(CARRY_KEY);
  } catch {
    return;
  }
  for (const t of carried) {
    if (CARRIED_KINDS.has(t.kind) && typeof t.message === 'string') show(t.kind, t.message);
  }
}
