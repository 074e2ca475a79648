import type { UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * The mutation's `mutate`, ignoring a press while the last one is under way: a double click's second
 * press comes before the button shows it is busy (one change, and one toast, only).
 */
export function useOnePressAtATime<V, R>(mutation: UseMutationResult<R, Error, V>) {
  const busy = useRef(false);
  return (variables: V, callbacks: { onSuccess(result: R): void; onError(err: Error): void }) => {
    if (busy.current) return;
    busy.current = true;
    mutation.mutate(variables, {
      ...callbacks,
      onSettled: () => {
        busy.current = false;
      },
    });
  };
}
