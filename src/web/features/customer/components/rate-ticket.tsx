import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { type RatingBody, ratingBodySchema, RATING_COMMENT_MAX } from '@shared/contracts/ratings';
import type { Ticket } from '@shared/contracts/tickets';
import { RATING_SCORES, RatingStar, YourRating } from '@/components/tickets/ticket-rating';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useFocusOnArrival } from '@/lib/focus-on-arrival';
import { useRateTicket } from '../api/rate-ticket';

/**
 * The customer's rating of a completed ticket: the form until it is given, then what was given.
 * `autoFocus`: the form is what the page was opened for (the completion email's link): it scrolls
 * into view with its first star focused, so the arrow keys choose the score at once.
 */
export function RateTicket({ ticket, autoFocus = false }: { ticket: Ticket; autoFocus?: boolean }) {
  const rate = useRateTicket(ticket.id);
  const form = useForm<RatingBody>({
    resolver: zodResolver(ratingBodySchema),
    defaultValues: { score: 0, comment: '' },
  });
  const score = useWatch({ control: form.control, name: 'score' });
  const formRef = useFocusOnArrival<HTMLFormElement>(autoFocus && ticket.rating === null);
  if (ticket.rating) {
    return <YourRating rating={ticket.rating} />;
  }
  const submit = form.handleSubmit((body) => rate.mutate(body));
  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-lg border bg-white p-3 text-sm"
      aria-label="Rate the repair"
      noValidate
    >
      <fieldset>
        <legend className="font-medium">How did we do?</legend>
        <div className="mt-2 flex gap-1">
          {RATING_SCORES.map((s) => (
            <label key={s} className="cursor-pointer rounded-md p-1 focus-within:outline-2 focus-within:outline-ring">
              <input
                type="radio"
                name={`score-${ticket.id}`}
                // The page's own focus (app/router-navigation.tsx) leaves this star focused.
                data-autofocus={autoFocus && s === 1 ? true : undefined}
                className="sr-only"
                value={s}
                checked={score === s}
                onChange={() => form.setValue('score', s, { shouldValidate: form.formState.isSubmitted })}
              />
              <RatingStar filled={s <= score} className="size-7" />
              <span className="sr-only">
                {s} {s === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
        {form.formState.errors.score && (
          <p role="alert" className="mt-1 text-xs text-destructive">
            {form.formState.errors.score.message}
          </p>
        )}
      </fieldset>
      <FormField label="Comment (optional)" error={form.formState.errors.comment?.message}>
        <Textarea rows={2} maxLength={RATING_COMMENT_MAX} {...form.register('comment')} />
      </FormField>
      <Button type="submit" size="sm" className="self-start" disabled={rate.isPending}>
        {rate.isPending && <Spinner label="Saving" />}
        Submit rating
      </Button>
    </form>
  );
}
