import { DRAFT_KEY_PREFIX } from '@/lib/page-state-keys';

/**
 * The composer's unsent words, per account and ticket, in this tab's session storage: a reload, or a
 * session that ends while someone is typing (offline, then signed in again), does not lose them. The
 * tab's storage ends with the tab, the key names the account, and a logout forgets them all
 * (lib/auth.ts), so the next person at a shared computer never finds them.
 */
const keyOf = (userId: string, ticketId: string) => `${DRAFT_KEY_PREFIX}${userId}.${ticketId}`;
const sendingKeyOf = (userId: string, ticketId: string) => `${keyOf(userId, ticketId)}.sending`;

/** A message as it was sent (`message`, its words and files as JSON) and the idempotency key it went with. */
export interface Sending {
  key: string;
  message: string;
}

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
  /**
   * The send whose answer has not come yet, kept beside the draft: after a lost answer and a reload,
   * Send on the same words goes with the same key, so the server does not post the message twice.
   */
  readSending(userId: string, ticketId: string): Sending | null {
    try {
      const kept = JSON.parse(sessionStorage.getItem(sendingKeyOf(userId, ticketId)) ?? 'null') as Sending | null;
      return typeof kept?.key === 'string' && typeof kept.message === 'string' ? kept : null;
    } catch {
      return null;
    }
  },
  /** Keeps the send, or forgets it (null: it was answered). */
  writeSending(userId: string, ticketId: string, sending: Sending | null) {
    try {
      if (sending) sessionStorage.setItem(sendingKeyOf(userId, ticketId), JSON.stringify(sending));
      else sessionStorage.removeItem(sendingKeyOf(userId, ticketId));
    } catch {
      // As above: it lives as long as the page.
    }
  },
};
