import { AlertTriangle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { completeTicketBodySchema } from '@shared/contracts/tickets';
import { formatRupees, IN_PROGRESS_FEE_PAISE, LIMITS } from '@shared/product';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, SessionEndedError } from '@/lib/api-client';
import { useCompleteTicket } from '../api/engineer-queries';

/**
 * The remarks and Submit & Complete / Cancel, once the engineer has chosen Complete Ticket. Completing
 * a ticket whose ₹299 is unpaid is allowed (DECISIONS.md §4), but the engineer is told first: once
 * completed, the customer is no longer asked for it.
 */
export default function CompleteTicketForm({
  ticketId,
  feePaid,
  onCancel,
}: {
  ticketId: string;
  feePaid?: boolean | undefined;
  onCancel(): void;
}) {
  const unpaidId = useId();
  const unpaid = feePaid === false;
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState<string>();
  const field = useRef<HTMLTextAreaElement>(null);
  const mutation = useCompleteTicket();
  // No maxLength (a browser cuts a long paste without a word): the count shows near the limit.
  const count =
    remarks.length > LIMITS.remarksMax * 0.9
      ? `${remarks.length.toLocaleString('en-IN')} / ${LIMITS.remarksMax.toLocaleString('en-IN')} characters`
      : undefined;

  const submit = async () => {
    const parsed = completeTicketBodySchema.safeParse({ remarks });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please enter remarks before completing the ticket.';
      setError(message);
      toast.error(message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    try {
      await mutation.mutateAsync({ id: ticketId, remarks: parsed.data.remarks });
      toast.success('Ticket marked as completed!');
    } catch (err) {
      if (err instanceof SessionEndedError) return; // the API client has said so
      if (err instanceof ApiError) toast.error(err.message || 'Failed to complete ticket.');
      else toast.error('Server error while completing ticket.');
    }
  };

  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField label="Remarks" error={error} hint={count} required announce={false}>
        <Textarea
          ref={field}
          rows={3}
          value={remarks}
          onChange={(e) => {
            setRemarks(e.target.value);
            setError(undefined); // said again on the next submit if still so; meanwhile the count shows
          }}
          placeholder="What did you find and fix?"
          autoFocus
        />
      </FormField>
      {unpaid && (
        <p id={unpaidId} className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The customer has not paid the {formatRupees(IN_PROGRESS_FEE_PAISE)} in-progress fee yet: once completed, the
          ticket can no longer take it.
        </p>
      )}
      <div className="flex gap-3">
        <Button type="submit" disabled={mutation.isPending} aria-describedby={unpaid ? unpaidId : undefined}>
          {mutation.isPending && <Spinner label="Completing ticket" />}
          Submit & Complete
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
