import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Toaster as Sonner } from 'sonner';

/**
 * SPEC.md §9: top right, 4000 ms, at most 3 visible, 356 px wide, 14 px gap, Alt+T focuses the
 * toasts, system theme. The swipe-to-dismiss threshold (20 px) and removal delay (200 ms) are
 * sonner 1.7's built-in figures, which is why that version is pinned.
 */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE = 3;
export const TOAST_GAP_PX = 14;
export const TOAST_WIDTH_PX = 356;
/**
 * Below the sticky header (64 px, with the 28 px test-mode notice above it at the top of the page):
 * a toast never covers Login, Logout or the menu button, and a pointer resting on one of those does
 * not hold a toast open (sonner pauses a hovered toast). On a phone (sonner's own mobile width) too,
 * full width: at the bottom they covered the ticket's message box and its Send button, right after
 * the saves and uploads that raise most toasts there.
 */
const TOAST_TOP_PX = 96;

/**
 * Loaded once the page is idle or with the first toast (toaster.tsx); says when it listens, so no
 * toast raised before it mounted is missed.
 * It lives directly in <body>: an open dialog hides the rest of the page from assistive technology
 * (aria-hidden) when it opens, and a toaster that arrived later inside the page would be hidden with it.
 */
export default function SonnerToaster({ onMounted }: { onMounted(): void }) {
  // Runs after sonner's own effects (children first): it is subscribed by now.
  useEffect(onMounted, [onMounted]);
  return createPortal(
    <Sonner
      position="top-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE}
      gap={TOAST_GAP_PX}
      hotkey={['altKey', 'KeyT']}
      theme="system"
      richColors
      closeButton
      offset={{ top: TOAST_TOP_PX, right: 32 }}
      mobileOffset={{ top: TOAST_TOP_PX, right: 16, left: 16 }}
      style={{ '--width': `${TOAST_WIDTH_PX}px` } as React.CSSProperties}
    />,
    document.body,
  );
}
