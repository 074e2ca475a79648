import { useEffect, useRef } from 'react';

/**
 * Where the keyboard's focus goes when what held it disappears: a dialog that closes without a
 * trigger (components/ui/dialog.tsx), a control that its own action removes (Assign, a paid fee's
 * button, a deleted service's row), a button replaced by the form it opens: never to <body>, where
 * the next Tab starts again at the top.
 */

const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** An element and its ancestors up to <body>, nearest first. */
export function focusPath(el: Element | null): Element[] {
  const path: Element[] = [];
  for (let at = el; at && at !== document.body; at = at.parentElement) path.push(at);
  return path;
}

/**
 * The element of `path` that had the focus, if it is still there; else the first control of the
 * nearest part of the page still there; else that part itself.
 */
export function focusBackTarget(path: Element[]): HTMLElement | undefined {
  const [had] = path;
  if (had instanceof HTMLElement && had.isConnected) return had;
  const kept = path.find((el) => el.isConnected);
  if (!(kept instanceof HTMLElement)) return undefined;
  const control = kept.querySelector<HTMLElement>(TABBABLE);
  if (control) return control;
  if (!kept.hasAttribute('tabindex')) kept.tabIndex = -1;
  return kept;
}

/**
 * Watches the page: when the focused element is removed (the browser then focuses <body>), the focus
 * moves to the nearest part of the page that is still there. Installed once by the app's entry.
 */
export function keepFocusInPlace(root: HTMLElement = document.body) {
  let path: Element[] = [];
  document.addEventListener('focusin', (event) => {
    path = focusPath(event.target instanceof Element ? event.target : null);
  });
  new MutationObserver(() => {
    const [had] = path;
    if (!had || had.isConnected) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    const back = lost ? focusBackTarget(path) : undefined;
    path = [];
    back?.focus({ preventScroll: true });
  }).observe(root, { childList: true, subtree: true });
}

const FIELD = 'input:not([type="hidden"]), select, textarea';

/**
 * For a form that appears when the user asks for it (New Ticket, Edit Profile, + New User): its first
 * field takes the focus as it mounts, where the button that opened it was (that button is gone). A
 * field still disabled while its options load gets it once enabled; the form holds it meanwhile.
 */
export function useFocusFirstField<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const form = ref.current;
    const field = form?.querySelector<HTMLElement>(FIELD);
    if (!form || !field) return;
    if (!field.matches(':disabled')) {
      field.focus();
      return;
    }
    if (!form.hasAttribute('tabindex')) form.tabIndex = -1;
    form.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      if (field.matches(':disabled')) return;
      observer.disconnect();
      // Unless the user has moved on in the meantime.
      if (document.activeElement === form || document.activeElement === document.body) field.focus();
    });
    observer.observe(field, { attributes: true, attributeFilter: ['disabled'] });
    return () => observer.disconnect();
  }, []);
  return ref;
}
