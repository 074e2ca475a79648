import { Star } from 'lucide-react';
import type { Rating } from '@shared/contracts/ratings';
import { cn } from '@/lib/utils';

export const RATING_SCORES = [1, 2, 3, 4, 5] as const;

/**
 * One star of a rating, hidden from screen readers (the text beside it says the score). Its edge is
 * 3.2:1 on white filled and 4.8:1 empty: WCAG 1.4.11 asks 3:1 of what tells them apart.
 */
export function RatingStar({ filled, className = 'size-4' }: { filled: boolean; className?: string }) {
  return (
    <Star aria-hidden="true" className={cn(className, filled ? 'fill-amber-400 text-amber-600' : 'text-slate-500')} />
  );
}

/** Five stars, `score` of them filled. */
function Stars({ score }: { score: number }) {
  return (
    <span className="inline-flex shrink-0" aria-hidden="true">
      {RATING_SCORES.map((s) => (
        <RatingStar key={s} filled={s <= score} />
      ))}
    </span>
  );
}

/**
 * A customer's rating of a completed ticket (DECISIONS.md §7.5) as it is read back: stars, "4 of 5"
 * and the comment. `clamp`: at most three lines of the comment (a table row), the ticket's page has all.
 */
export function RatingSummary({
  rating,
  label = 'Customer rating',
  clamp = false,
  className,
}: {
  rating: Rating;
  label?: string;
  clamp?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 text-sm', className)}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold">{label}</span>
        <Stars score={rating.score} />
        <span>{rating.score} of 5</span>
      </p>
      {rating.comment && (
        <p className={cn('mt-1 whitespace-pre-line wrap-anywhere text-slate-700', clamp && 'line-clamp-3')}>
          “{rating.comment}”
        </p>
      )}
    </div>
  );
}

/** The customer's own rating of their ticket, as their card and the ticket's page show it once given. */
export function YourRating({ rating }: { rating: Rating }) {
  return <RatingSummary rating={rating} label="Your rating" className="rounded-lg border bg-white p-3" />;
}
