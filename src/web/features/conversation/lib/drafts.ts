import { DRAFT_KEY_PREFIX } from '@/lib/page-state-keys';

/**
 * The composer's unsent words, per account and ticket, in this tab's session storage: a reload, or a
 * session that ends while someone is typing (offline, then signed in again), does not lose them. The
 * tab's storage ends with the tab, the key names the account, and a logout forgets them all
 * (lib/auth.ts), so the next person at a shared computer never finds them.
 */
const keyOf = (userId: string, ticketId: string) => `${DRAFT_KEY_PREFIX}${userId}.${ticketId}`;

export const drafts = {
  read(userId: string, ticketId: string): string {
    try {
      return sessionStorage.getItem(keyOf(userId, ticketId)) ?? '';
    } catch {
      return '';
    }
  },
  /** Keeps `body`, or forgets the draft when it is empty (sent, or cleared). */
  write(userId: string, ticketId: string, body: string) {
    try {
      if (body) sessionStorage.setItem(keyOf(userId, ticketId), body);
      else sessionStorage.removeItem(keyOf(userId, ticketId));
    } catch {
      // Storage full or refused (a private window): the draft lives as long as the page.
    }
  },
};
