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

export function Toaster() {
  return (
    <Sonner
      position="top-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE}
      gap={TOAST_GAP_PX}
      hotkey={['altKey', 'KeyT']}
      theme="system"
      richColors
      closeButton
      style={{ '--width': `${TOAST_WIDTH_PX}px` } as React.CSSProperties}
    />
  );
}
