/**
 * What a server-rendered marketing page does before its scripts have made it live (site.tsx).
 */
import { AUTH_ERROR_PARAM, CARRIED_TOASTS_KEY, TOKEN_KEY } from './page-state-keys';

/**
 * Whether the page has something to show at once that the server could not render into its HTML:
 * a session (the header greets the user, and staff are sent on to /admin), a toast carried from the
 * last page, or why a Google sign-in came back.
 */
export function needsScriptsAtOnce(): boolean {
  if (new URLSearchParams(window.location.search).has(AUTH_ERROR_PARAM)) return true;
  try {
    return Boolean(localStorage.getItem(TOKEN_KEY) || sessionStorage.getItem(CARRIED_TOASTS_KEY));
  } catch {
    return false; // no storage: no session and no toast can be waiting
  }
}

/** What a visitor reaches for that only works once the page is live: buttons, fields, Radix and tooltip triggers. */
const CONTROLS = 'button, input, select, textarea, [data-state], [data-tooltip-trigger]';

/**
 * Resolves when a page with nothing to show at once first needs its scripts: when the visitor
 * reaches for one of its controls (points at it, presses it, moves the focus to it, or a screen
 * reader clicks it), when a part the server rendered as still loading (`aria-busy="true"`: the
 * request form's categories) is about to scroll into view, or when the visitor signs in in another tab. A
 * visitor who reads the page and follows its links never downloads React; the click that woke the
 * page is held (holdEarlyClicks) and given back.
 */
export function untilReachedFor(root: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const events = ['pointerover', 'pointerdown', 'focusin', 'click'] as const;
    const loading = root.querySelectorAll('[aria-busy="true"]');
    // From a quarter of a screen below the fold, so the data is usually there when it arrives.
    const seen =
      loading.length && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && wake(), {
            rootMargin: '0px 0px 25% 0px',
          })
        : undefined;
    const wake = () => {
      events.forEach((type) => document.removeEventListener(type, onEvent, true));
      window.removeEventListener('storage', onStorage);
      seen?.disconnect();
      resolve();
    };
    const onEvent = (event: Event) => {
      const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
      if (control && root.contains(control)) wake();
    };
    // Signed in (or out) in another tab: the header has someone to greet.
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY) wake();
    };
    events.forEach((type) => document.addEventListener(type, onEvent, true));
    window.addEventListener('storage', onStorage);
    if (seen) loading.forEach((el) => seen.observe(el));
    else if (loading.length) wake(); // no IntersectionObserver: the loading part may be in view
  });
}

/**
 * Resolves just after the browser has painted the page's first content, so the scripts that make
 * the page live neither share the connection with that paint nor hold it back. At once where no
 * paint is coming soon (a tab opened in the background) or the browser cannot tell; after
 * `maxWaitMs` at the latest.
 */
export function afterFirstContentfulPaint(maxWaitMs = 1500): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    // A task after the paint's frame, not inside it.
    const go = () => {
      if (done) return;
      done = true;
      setTimeout(resolve, 0);
    };
    if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes?.includes('paint'))
      return go();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      go();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      go();
    }, maxWaitMs);
  });
}

/** How long a held click waits before the page says it is getting ready: a fast load never shows it. */
const PENDING_NOTICE_AFTER_MS = 300;
// Its look is styles.css's: the same note shows while a dialog's code arrives (lazy-overlay.tsx).
const NOTICE_CLASS = 'pending-notice';

export interface HeldClicks {
  /** The page is live: gives the held click back to its button. */
  release(): void;
  /** The page's scripts could not load: says so, and stops holding clicks (links still work). */
  fail(): void;
}

/**
 * Until React has made the page live, a click on one of its buttons does nothing (a submit button
 * would even post its form the browser's way). The last such click is held and given back to its
 * button once the page is live, if the button is still there. A wait longer than a moment (a slow
 * connection fetching React) shows a busy pointer and a small "Getting ready…" notice, outside the
 * part React hydrates, so a tap on a phone is seen to have landed; if the scripts cannot load, the
 * notice says so.
 */
export function holdEarlyClicks(root: HTMLElement): HeldClicks {
  let held: HTMLButtonElement | null = null;
  let notice: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (role: 'status' | 'alert', text: string) => {
    notice ??= document.body.appendChild(document.createElement('p'));
    notice.className = NOTICE_CLASS;
    notice.setAttribute('role', role);
    notice.textContent = text;
  };
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    held = button;
    timer ??= setTimeout(() => {
      document.documentElement.style.cursor = 'progress';
      say('status', 'Getting ready…');
    }, PENDING_NOTICE_AFTER_MS);
  };
  document.addEventListener('click', hold, true);
  const stop = () => {
    document.removeEventListener('click', hold, true);
    clearTimeout(timer);
    document.documentElement.style.removeProperty('cursor');
    const button = held;
    held = null;
    return button;
  };
  return {
    release() {
      const button = stop();
      notice?.remove();
      if (button?.isConnected && !button.disabled && button.getAttribute('aria-disabled') !== 'true') button.click();
    },
    fail() {
      if (stop() || notice)
        say('alert', 'This page could not finish loading. Check your connection and reload the page.');
    },
  };
}
