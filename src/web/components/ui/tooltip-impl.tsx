import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** SPEC.md §9: open delay 700 ms, skip delay 300 ms. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * The Radix tooltip, loaded the first time a tooltip's trigger is hovered or focused. `focused`: the
 * trigger had the focus when it armed the tooltip. The trigger is a new element now (tooltip.tsx
 * rendered it without Radix until then): if the focus went with the old element, it takes it back, and
 * opens; a keyboard user's next Tab goes on from here, not from the top of the page.
 */
export default function TooltipImpl({
  content,
  children,
  focused,
}: {
  content: ReactNode;
  children: ReactNode;
  focused: boolean;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    // Only if the focus was lost with the old element: a user who has tabbed on keeps their place.
    const lost = document.activeElement === null || document.activeElement === document.body;
    // Radix opens the tooltip for this focus, as for any other; never for a focus that has moved on.
    if (focused && lost) trigger.current?.focus();
  }, [focused]);
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild ref={trigger}>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
