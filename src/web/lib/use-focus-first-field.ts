import { useEffect, useRef } from 'react';

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
