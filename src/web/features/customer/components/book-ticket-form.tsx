import { zodResolver } from '@hookform/resolvers/zod';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { User } from '@shared/contracts/auth';
import { type Ticket, ticketDraftSchema, type TicketsResponse } from '@shared/contracts/tickets';
import { isPaid } from '@shared/payments';
import { BOOKING_FEE_PAISE, CURRENCY, formatRupees } from '@shared/product';
import { ServiceSelectFields } from '@/components/catalogue/service-select-fields';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { createBookingOrder, getPaymentStatus } from '@/features/payments/api/payment-calls';
import { usePaymentFlow } from '@/features/payments/api/use-payment-flow';
import { myTicketsQuery, useRefreshTickets } from '../api/customer-queries';
import { bookingDraft } from '../lib/booking-draft';
import { useMainServices, useSubServices } from '@/lib/catalogue';
import { useFocusFirstField } from '@/lib/focus';
import { toast } from '@/lib/toast';

type Values = z.input<typeof ticketDraftSchema>;
const EMPTY: Values = { mainServiceId: '', subServiceId: '', description: '' };

/** The list with the booked ticket on top (newest first), unless it has it already. */
function withBookedTicket<Cursor>(list: InfiniteData<TicketsResponse, Cursor> | undefined, ticket: Ticket) {
  const [first, ...rest] = list?.pages ?? [];
  if (!list || !first || list.pages.some((page) => page.tickets.some((t) => t.id === ticket.id))) return list;
  return { ...list, pages: [{ ...first, tickets: [ticket, ...first.tickets] }, ...rest] };
}

/**
 * A kept draft whose order was paid after all (the page reloaded after the checkout took the payment,
 * before it heard so): it is booked, and `booked` closes the form, once, on the first render.
 */
function useBookedDraft(userId: string, booked: () => void) {
  const [orderId] = useState(() => bookingDraft.order(userId));
  const onBooked = useEffectEvent(booked);
  useEffect(() => {
    if (!orderId) return;
    let live = true;
    getPaymentStatus(orderId).then(
      (status) => {
        if (!live || !isPaid(status)) return;
        toast.info('Your last booking went through: its ticket is in your list.');
        onBooked();
      },
      // Unknown for now: the form stays as it was kept.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orderId]);
}

/**
 * A kept draft's category or issue that an admin has since removed is let go of, once the catalogue
 * is in: the select would show nothing chosen while the form held an id the server refuses.
 */
function useCatalogueCheck(
  form: UseFormReturn<Values, unknown, z.output<typeof ticketDraftSchema>>,
  mainServiceId: string,
  subServiceId: string,
) {
  const mains = useMainServices().data;
  const subs = useSubServices(mainServiceId).data;
  useEffect(() => {
    if (mains && mainServiceId && !mains.some((m) => m.id === mainServiceId)) {
      form.setValue('mainServiceId', '');
      form.setValue('subServiceId', '');
    } else if (subs && subServiceId && !subs.some((s) => s.id === subServiceId)) form.setValue('subServiceId', '');
  }, [form, mains, subs, mainServiceId, subServiceId]);
}

/** "Book a New Ticket": the ticket is created only once the ₹99 booking fee is paid. */
export default function BookTicketForm({ user, onDone }: { user: User; onDone(): void }) {
  // Read once: the form takes its default values on its first render only.
  const [kept] = useState(() => bookingDraft.read(user.id) ?? EMPTY);
  const form = useForm<Values, unknown, z.output<typeof ticketDraftSchema>>({
    resolver: zodResolver(ticketDraftSchema),
    defaultValues: kept,
  });
  // Every change is kept (booking-draft.ts): a reload or the back button mid-checkout loses nothing.
  useEffect(
    () =>
      form.subscribe({ formState: { values: true }, callback: ({ values }) => bookingDraft.write(user.id, values) }),
    [form, user.id],
  );
  const close = () => {
    bookingDraft.write(user.id, EMPTY);
    onDone();
  };

  const { errors, isSubmitting } = form.formState;
  const [mainServiceId, subServiceId] = useWatch({ control: form.control, name: ['mainServiceId', 'subServiceId'] });
  const pay = usePaymentFlow();
  const refresh = useRefreshTickets();
  const queryClient = useQueryClient();

  useBookedDraft(user.id, () => {
    form.reset(EMPTY);
    close();
    void refresh();
  });
  useCatalogueCheck(form, mainServiceId, subServiceId);

  const firstField = useFocusFirstField<HTMLFormElement>();
  const onSubmit = form.handleSubmit(async (draft) => {
    const paid = await pay({
      createOrder: async () => {
        const order = await createBookingOrder({
          ...draft,
          amount: BOOKING_FEE_PAISE,
          currency: CURRENCY,
          receipt: `booking_${Date.now()}`,
          notes: { userId: user.id, userEmail: user.email },
        });
        bookingDraft.keepOrder(user.id, order.id);
        return order;
      },
      prefill: { name: user.name, email: user.email, phone: user.phone },
      description: `Support ticket booking (${formatRupees(BOOKING_FEE_PAISE)})`,
      successMessage: 'Ticket booked and payment successful!',
      // /verify made the ticket (or found the one the checkout or the webhook made) and answered it: it
      // shows at once. Paid by the order's status instead, the ticket exists too and comes with the refresh.
      afterPaid: (ticket) => {
        if (ticket) queryClient.setQueryData(myTicketsQuery.queryKey, (list) => withBookedTicket(list, ticket));
      },
    });
    await refresh();
    if (paid) {
      form.reset(EMPTY);
      close();
    }
  });

  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-lg font-semibold">Book a New Ticket</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Booking fee {formatRupees(BOOKING_FEE_PAISE)}, fixed and non-refundable. Your ticket is created once payment is
        confirmed.
      </p>
      <form
        ref={firstField}
        onSubmit={onSubmit}
        noValidate
        className="mt-5 grid gap-4 sm:grid-cols-2"
        aria-label="Book a New Ticket"
      >
        <ServiceSelectFields
          labels={{
            main: 'Services Category',
            sub: 'Issue Type',
            mainPlaceholder: 'Select a category',
            subPlaceholder: 'Select an issue type',
            subHint: 'Choose a category first',
          }}
          mainServiceId={mainServiceId}
          subServiceId={subServiceId}
          mainField={form.register('mainServiceId', { onChange: () => form.setValue('subServiceId', '') })}
          subField={form.register('subServiceId')}
          errors={{ main: errors.mainServiceId?.message, sub: errors.subServiceId?.message }}
        />
        <FormField label="Description" error={errors.description?.message} required className="sm:col-span-2">
          <Textarea
            rows={4}
            placeholder="What is happening? Since when? Any error messages?"
            {...form.register('description')}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner label="Booking your ticket" />}
            Book Ticket
          </Button>
        </div>
      </form>
    </Card>
  );
}
