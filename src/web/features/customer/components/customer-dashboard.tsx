import { Plus, Ticket as TicketIcon, UserRound } from 'lucide-react';
import { lazy, useEffect, useState } from 'react';
import type { User } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { LazyPart } from '@/components/ui/lazy-part';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CheckoutProvider } from '@/features/payments/components/checkout-provider';
import { paths } from '@/config/paths';
import { useAppNavigation } from '@/lib/navigation';
import { useSetSearchParam, useTabParam } from '@/lib/use-search-param';
import { useMyTickets } from '../api/customer-queries';
import { bookingDraft } from '../lib/booking-draft';
import { TicketList } from './ticket-list';

// The forms (react-hook-form, zod) load when they are opened: the tickets come first.
const BookTicketForm = lazy(() => import('./book-ticket-form'));
const ProfilePanel = lazy(() => import('./profile-panel'));

const TABS = ['tickets', 'profile'] as const;

/**
 * `?start=session` (the hero's Start Remote Session): on to the remote session of the customer's open
 * ticket (in progress first, else the newest pending one), or `book()` when there is none: a remote
 * session starts with a booked ticket.
 */
function useStartSession(book: () => void) {
  const { search, navigate } = useAppNavigation();
  const setParam = useSetSearchParam();
  const asked = new URLSearchParams(search).get('start') === 'session';
  const tickets = useMyTickets();
  const first = tickets.data?.pages[0]?.tickets;
  useEffect(() => {
    if (!asked || !(first || tickets.isError)) return;
    const open = first?.find((t) => t.status === 'in-progress') ?? first?.find((t) => t.status === 'pending');
    if (open) return navigate(paths.ticketRemoteSession(open.id), { replace: true });
    setParam('start', '');
    book();
  }, [asked, first, tickets.isError, navigate, setParam, book]);
}

export function CustomerDashboard({ user }: { user: User }) {
  const [tab, selectTab] = useTabParam(TABS);
  // null until the form has been opened; false once it has closed again. Open at once when this tab
  // kept a booking that was not finished (a reload, or back from the checkout).
  const [booking, setBooking] = useState<boolean | null>(() => (bookingDraft.read(user.id) ? true : null));
  useStartSession(() => setBooking(true));
  return (
    <CheckoutProvider>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">Hello, {user.name}</h1>
        <p className="mt-1 text-muted-foreground">
          Book a repair, follow your tickets and keep your details up to date.
        </p>
        <Tabs value={tab} onValueChange={selectTab} className="mt-8">
          <TabsList>
            <TabsTrigger value="tickets">
              <TicketIcon aria-hidden="true" />
              My Tickets
            </TabsTrigger>
            <TabsTrigger value="profile">
              <UserRound aria-hidden="true" />
              Profile
            </TabsTrigger>
          </TabsList>
          <TabsContent value="tickets" className="flex flex-col gap-6">
            {/* Keeps the heading levels in order (h1, h2, then the form's and the cards' h3). */}
            <h2 className="sr-only">Your tickets</h2>
            {booking ? (
              <LazyPart label="Loading the booking form">
                <BookTicketForm user={user} onDone={() => setBooking(false)} />
              </LazyPart>
            ) : (
              // Back with the focus once the form has closed (booked or cancelled).
              <Button className="self-start" onClick={() => setBooking(true)} autoFocus={booking === false}>
                <Plus aria-hidden="true" />
                New Ticket
              </Button>
            )}
            <TicketList user={user} />
          </TabsContent>
          <TabsContent value="profile">
            <LazyPart label="Loading your profile">
              <ProfilePanel user={user} />
            </LazyPart>
          </TabsContent>
        </Tabs>
      </div>
    </CheckoutProvider>
  );
}
