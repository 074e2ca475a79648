import { DRAFT_KEY_PREFIX } from '@/lib/page-state-keys';

/** What "Book a New Ticket" holds before it is paid for. */
export interface BookingDraft {
  mainServiceId: string;
  subServiceId: string;
  description: string;
}

/**
 * The booking form's unbooked choices and words, per account, in this tab's session storage: a
 * reload, or the back button while the checkout is open, does not lose them, and the dashboard opens
 * the form again with them. Like the conversation's drafts, a logout forgets it (lib/auth.ts).
 */
const keyOf = (userId: string) => `${DRAFT_KEY_PREFIX}${userId}.booking`;
/** The booking order last opened for the draft: once it is paid, the draft is booked. */
const orderKeyOf = (userId: string) => `${keyOf(userId)}.order`;

export const bookingDraft = {
  read(userId: string): BookingDraft | null {
    try {
      const kept = JSON.parse(sessionStorage.getItem(keyOf(userId)) ?? 'null') as Partial<BookingDraft> | null;
      const { mainServiceId, subServiceId, description } = kept ?? {};
      return typeof mainServiceId === 'string' && typeof subServiceId === 'string' && typeof description === 'string'
        ? { mainServiceId, subServiceId, description }
        : null;
    } catch {
      return null;
    }
  },
  /** Keeps the draft, or forgets it (and its order) once nothing is chosen or written (booked, or cleared). */
  write(userId: string, draft: BookingDraft) {
    try {
      if (draft.mainServiceId || draft.subServiceId || draft.description.trim()) {
        sessionStorage.setItem(keyOf(userId), JSON.stringify(draft));
      } else {
        sessionStorage.removeItem(keyOf(userId));
        sessionStorage.removeItem(orderKeyOf(userId));
      }
    } catch {
      // Storage full or refused (a private window): the draft lives as long as the page.
    }
  },
  /**
   * The booking order opened for the draft, if any: a page reloaded after the payment was taken but
   * before the page heard of it finds the draft booked (the form asks the order's status).
   */
  order(userId: string): string | null {
    try {
      return sessionStorage.getItem(orderKeyOf(userId));
    } catch {
      return null;
    }
  },
  keepOrder(userId: string, orderId: string) {
    try {
      sessionStorage.setItem(orderKeyOf(userId), orderId);
    } catch {
      // As above.
    }
  },
};
