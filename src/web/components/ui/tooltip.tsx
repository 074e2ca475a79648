import { cloneElement, lazy, type ReactElement, type ReactNode, Suspense, useState } from 'react';

const TooltipImpl = lazy(() => import('./tooltip-impl'));

type TriggerProps = { onPointerEnter?: (e: unknown) => void; onFocus?: (e: unknown) => void };

/**
 * A tooltip (SPEC.md §9 delays, see tooltip-impl.tsx). Radix loads on the first hover or focus of
 * the trigger, well inside the 700 ms open delay, so pages that merely show a tooltip's trigger do
 * not pay for it.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<TriggerProps> }) {
  const [armed, setArmed] = useState<'pointer' | 'focus' | null>(null);
  if (!armed) {
    return cloneElement(children, {
      onPointerEnter: (e: unknown) => {
        children.props.onPointerEnter?.(e);
        setArmed('pointer');
      },
      onFocus: (e: unknown) => {
        children.props.onFocus?.(e);
        setArmed('focus');
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <TooltipImpl content={content} defaultOpen={armed === 'focus'}>
        {children}
      </TooltipImpl>
    </Suspense>
  );
}
