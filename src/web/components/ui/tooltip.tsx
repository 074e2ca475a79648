import {
  cloneElement,
  lazy,
  type ReactElement,
  type ReactNode,
  startTransition,
  Suspense,
  useEffect,
  useId,
  useState,
} from 'react';

import { CodeLoadBoundary } from './lazy-overlay';

const TooltipImpl = lazy(() => import('./tooltip-impl'));

type TriggerProps = {
  onPointerEnter?: (e: unknown) => void;
  onFocus?: (e: unknown) => void;
  'data-tooltip-trigger'?: string;
};

/**
 * A tooltip (SPEC.md §9 delays, see tooltip-impl.tsx). Radix loads on the first hover or focus of
 * the trigger, well inside the 700 ms open delay, so pages that merely show a tooltip's trigger do
 * not pay for it.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<TriggerProps> }) {
  const [armed, setArmed] = useState<'pointer' | 'focus' | null>(null);
  const id = useId();
  // A server-rendered page made live by this very hover or focus (lib/page-boot.ts wakes on
  // `data-tooltip-trigger`) had no scripts to see it: arm if the pointer or the focus is already here.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = document.querySelector(`[data-tooltip-trigger="${CSS.escape(id)}"]`);
      const how = el === document.activeElement ? 'focus' : el?.matches(':hover') ? 'pointer' : null;
      if (el && how) startTransition(() => setArmed(how));
    });
    return () => cancelAnimationFrame(frame);
  }, [id]);
  // Armed in a transition: the plain trigger stays on screen, focus and all, while Radix loads.
  const arm = (how: 'pointer' | 'focus') => startTransition(() => setArmed(how));
  const plain = cloneElement(children, {
    'data-tooltip-trigger': id,
    onPointerEnter: (e: unknown) => {
      children.props.onPointerEnter?.(e);
      arm('pointer');
    },
    onFocus: (e: unknown) => {
      children.props.onFocus?.(e);
      arm('focus');
    },
  });
  return (
    // A tooltip whose code cannot load leaves its trigger as it was.
    <CodeLoadBoundary failed={plain}>
      <Suspense fallback={plain}>
        {armed ? (
          <TooltipImpl content={content} focused={armed === 'focus'}>
            {children}
          </TooltipImpl>
        ) : (
          plain
        )}
      </Suspense>
    </CodeLoadBoundary>
  );
}
