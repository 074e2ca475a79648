import type { AppError } from './errors.js';

/**
 * At most `max` of something at a time per key (an account's uploads under way, its open event
 * streams) on this instance: `take` answers the release to call once it is over, or throws
 * `refusal()` when the key has none left.
 */
export function createSlots(max: number, refusal: () => AppError) {
  const taken = new Map<string, number>();
  return {
    take(key: string): () => void {
      const now = taken.get(key) ?? 0;
      if (now >= max) throw refusal();
      taken.set(key, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (taken.get(key) ?? 1) - 1;
        if (left > 0) taken.set(key, left);
        else taken.delete(key);
      };
    },
  };
}
