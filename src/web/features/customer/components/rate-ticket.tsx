import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { type RatingBody, ratingBodySchema, RATING_COMMENT_MAX } from '@shared/contracts/ratings';
import type { Ticket } from '@shared/contracts/tickets';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRateTicket } from '../api/rate-ticket';

const SCORES = [1, 2, 3, 4, 5] as const;

function Stars({ score }: { score: number }) {
  return (
    <span className="inline-flex" aria-hidden="true">
      {SCORES.map((s) => (
        <Star key={s} className={s <= score ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-slate-300'} />
      ))}
    </span>
  );
}

/** The customer's rating of a completed ticket: the form until it is given, then what was given. */
export function RateTicket({ ticket }: { ticket: Ticket }) {
  const rate = useRateTicket(ticket.id);
  const form = useForm<RatingBody>({
    resolver: zodResolver(ratingBodySchema),
    defaultValues: { score: 0, comment: '' },
  });
  const score = useWatch({ control: form.control, name: 'score' });
  if (ticket.rating) {
    return (
      <div className="rounded-lg border p-3 text-sm">
        <p className="flex items-center gap-2 font-medium">
          Your rating <Stars score={ticket.rating.score} />
          <span className="sr-only">{ticket.rating.score} out of 5</span>
        </p>
        {ticket.rating.comment && <p className="mt-1 whitespace-pre-line wrap-anywhere">{ticket.rating.comment}</p>}
      </div>
    );
  }
  const submit = form.handleSubmit((body) =>
    rate.mutate(body, {
      onSuccess: () => toast.success('Thank you for your rating'),
      onError: (err) => toastError(err, 'Failed to save your rating'),
    }),
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 rounded-lg border p-3 text-sm" noValidate>
      <fieldset>
        <legend className="font-medium">How did we do?</legend>
        <div className="mt-2 flex gap-1">
          {SCORES.map((s) => (
            <label key={s} className="cursor-pointer rounded-md p-1 focus-within:outline-2 focus-within:outline-ring">
              <input
                type="radio"
                className="sr-only"
                value={s}
                checked={score === s}
                onChange={() => form.setValue('score', s, { shouldValidate: form.formState.isSubmitted })}
              />
              <Star
                aria-hidden="true"
                className={s <= score ? 'size-7 fill-amber-400 text-amber-400' : 'size-7 text-slate-300'}
              />
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
