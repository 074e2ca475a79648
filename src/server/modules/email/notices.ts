/**
 * The emails of DECISIONS.md §7.3, each written in the transaction of the change that causes it: the
 * services call these with their `tx` (password reset, an account's email changed or its suspension,
 * booking, assignment, fee due, completion, a message, a public repair request). Optional emails
 * (ticket updates, messages) go only to accounts that have not turned them off, with a one-click
 * unsubscribe; the others always go.
 */
import type { NotificationTopic } from '../../../shared/contracts/emails.js';
import { RESET_LINK_MINUTES } from '../../../shared/contracts/passwords.js';
import { MESSAGE_EMAIL_GAP_MINUTES, PRODUCT_NAME } from '../../../shared/product.js';
import { serviceLabel } from '../../../shared/tickets.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { contactRequests, UserRow } from '../../db/schema/index.js';
import { unreadCount } from '../conversation/queries.js';
import { emailLinks } from './links.js';
import type { OutgoingEmail, Outbox } from './outbox.js';
import {
  hasTicketEmail,
  inProgressFeePaid,
  preferencesOf,
  takeMessageEmailSlots,
  ticketParties,
  type TicketParties,
} from './queries.js';
import { emailChangedEmail, passwordChangedEmail, passwordResetEmail, suspensionEmail } from './templates/account.js';
import { type Brand, type EmailContent, renderEmail } from './templates/blocks.js';
import { repairRequestEmail } from './templates/requests.js';
import {
  bookingConfirmedEmail,
  engineerAssignedCustomerEmail,
  engineerAssignedEngineerEmail,
  feeDueEmail,
  feePaidEmail,
  newMessageEmail,
  type TicketFacts,
  ticketCompletedEmail,
} from './templates/tickets.js';
import type { UnsubscribeTokens } from './unsubscribe.js';

const ROLE_NAMES: Record<UserRow['role'], string> = {
  user: 'customer',
  engineer: 'engineer',
  admin: 'support',
  superadmin: 'support',
};

const TOPIC_REASON: Record<NotificationTopic, string> = {
  ticketUpdates: 'You get this email because ticket updates are on in your profile.',
  messages: 'You get this email because message emails are on in your profile.',
};

type Recipient = { id: string; name: string; email: string; suspendedAt: Date | null };

export interface Notices {
  passwordReset(tx: Db, user: UserRow, token: string): Promise<void>;
  /** The account's password was changed by a signed-in session (always sent). */
  passwordChanged(tx: Db, user: UserRow): Promise<void>;
  /**
   * The account's email changed (always sent): changed by its owner, to the address it had, with the
   * link that undoes it (`undoToken`) where that address gets one; corrected by an admin, to the new
   * one (emailChangedEmail says why).
   */
  emailChanged(
    tx: Db,
    change: { user: UserRow; previousEmail: string; byAdmin: boolean; undoToken: string | undefined },
  ): Promise<void>;
  /** An admin suspended the account, or reinstated it (always sent). */
  suspension(tx: Db, user: UserRow, suspended: boolean): Promise<void>;
  /** The ticket a paid booking just made (always sent, with the booking's receipt attached). */
  bookingConfirmed(tx: Db, ticketId: string): Promise<void>;
  /** To the customer and the newly assigned engineer. */
  engineerAssigned(tx: Db, ticketId: string): Promise<void>;
  /** Call when a change leaves the ticket in progress with an engineer: once per ticket, while unpaid. */
  feeDue(tx: Db, ticketId: string): Promise<void>;
  /** The in-progress fee paid by `payment` (always sent, with its receipt attached). */
  feePaid(tx: Db, ticketId: string, payment: { orderId: string; paymentId: string }): Promise<void>;
  /**
   * `by`: who completed it. An admin can close a ticket its engineer never worked on: that email
   * does not credit the engineer.
   */
  ticketCompleted(tx: Db, ticketId: string, by: 'engineer' | 'admin'): Promise<void>;
  /**
   * A message posted on the ticket (the conversation calls this in the transaction that posts it): to
   * its customer (not for a staff note) and its engineer, never the author, at most once per ticket
   * and person in MESSAGE_EMAIL_GAP_MINUTES.
   */
  messagePosted(
    tx: Db,
    message: { ticketId: string; author: UserRow; body: string; internal: boolean; attachments: number },
  ): Promise<void>;
  repairRequest(tx: Db, request: typeof contactRequests.$inferSelect): Promise<void>;
}

export function createNotices({
  config,
  outbox,
  unsubscribe,
}: {
  config: Pick<Config, 'publicUrl' | 'support'>;
  outbox: Outbox;
  unsubscribe: UnsubscribeTokens;
}): Notices {
  const links = emailLinks(config.publicUrl);
  const brand: Brand = {
    productName: PRODUCT_NAME,
    publicUrl: links.home,
    supportEmail: config.support.email,
    supportPhone: config.support.phone,
  };

  /** An email every recipient gets (resets, receipts, the support inbox's). */
  const always = (tx: Db, to: string, content: EmailContent, email: Omit<OutgoingEmail, 'to' | 'rendered'>) =>
    outbox.queue(tx, { ...email, to, rendered: renderEmail(content, brand) });

  /**
   * An email the recipient may have turned off: nothing when they have, or while their account is
   * suspended (each links to pages it cannot sign in to); else with its unsubscribe.
   */
  async function optional(
    tx: Db,
    topic: NotificationTopic,
    to: Recipient,
    content: EmailContent,
    email: Omit<OutgoingEmail, 'to' | 'rendered' | 'userId'>,
  ) {
    if (to.suspendedAt || !(await preferencesOf(tx, to.id))[topic]) return;
    const token = unsubscribe.make(to.id, topic);
    await outbox.queue(tx, {
      ...email,
      to: to.email,
      userId: to.id,
      rendered: renderEmail(content, brand, { reason: TOPIC_REASON[topic], url: links.unsubscribePage(token) }),
      headers: {
        ...email.headers,
        'List-Unsubscribe': `<${links.unsubscribeOneClick(token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  async function partiesOf(tx: Db, ticketId: string): Promise<TicketParties> {
    const ticket = await ticketParties(tx, ticketId);
    if (!ticket) throw new Error(`ticket ${ticketId} not found for its email`);
    return ticket;
  }
  const facts = (t: TicketParties): TicketFacts => ({
    number: t.number,
    service: t.service,
    description: t.description,
  });

  return {
    async passwordReset(tx, user, token) {
      const content = passwordResetEmail({
        productName: PRODUCT_NAME,
        name: user.name,
        email: user.email,
        hasPassword: user.passwordHash !== null,
        url: links.resetPassword(token),
        minutes: RESET_LINK_MINUTES,
      });
      await always(tx, user.email, content, { userId: user.id, kind: 'password-reset' });
    },

    async passwordChanged(tx, user) {
      const content = passwordChangedEmail({ productName: PRODUCT_NAME, name: user.name });
      await always(tx, user.email, content, { userId: user.id, kind: 'password-changed' });
    },

    async emailChanged(tx, { user, previousEmail, byAdmin, undoToken }) {
      const undoUrl = undoToken === undefined ? undefined : links.resetPassword(undoToken);
      const content = emailChangedEmail({ productName: PRODUCT_NAME, name: user.name, byAdmin, undoUrl });
      await always(tx, byAdmin ? user.email : previousEmail, content, {
        userId: user.id,
        kind: undoUrl ? 'email-changed-undo' : 'email-changed',
      });
    },

    async suspension(tx, user, suspended) {
      const content = suspensionEmail({ productName: PRODUCT_NAME, name: user.name, suspended });
      await always(tx, user.email, content, {
        userId: user.id,
        kind: suspended ? 'account-suspended' : 'account-reinstated',
      });
    },

    async bookingConfirmed(tx, ticketId) {
      const t = await partiesOf(tx, ticketId);
      const content = bookingConfirmedEmail({
        name: t.customer.name,
        ticket: facts(t),
        paymentId: t.bookingPaymentId,
        url: links.ticket(t.id),
      });
      await always(tx, t.customer.email, content, {
        userId: t.customer.id,
        ticketId: t.id,
        kind: 'booking-confirmed',
        attachments: [{ type: 'receipt', orderId: t.bookingOrderId }],
      });
    },

    async engineerAssigned(tx, ticketId) {
      const t = await partiesOf(tx, ticketId);
      if (!t.engineer) return;
      const engineer = t.engineer;
      const feePaid = await inProgressFeePaid(tx, ticketId);
      await optional(
        tx,
        'ticketUpdates',
        t.customer,
        engineerAssignedCustomerEmail({
          name: t.customer.name,
          engineerName: engineer.name,
          ticket: facts(t),
          fee: feePaid ? 'paid' : t.status === 'in-progress' ? 'due' : 'later',
          url: links.ticket(t.id),
        }),
        { ticketId: t.id, kind: 'engineer-assigned' },
      );
      await optional(
        tx,
        'ticketUpdates',
        engineer,
        engineerAssignedEngineerEmail({
          name: engineer.name,
          customerName: t.customer.name,
          ticket: facts(t),
          url: links.ticket(t.id),
        }),
        { ticketId: t.id, kind: 'engineer-assigned' },
      );
    },

    async feeDue(tx, ticketId) {
      const t = await partiesOf(tx, ticketId);
      if (t.status !== 'in-progress' || !t.engineer) return;
      if ((await inProgressFeePaid(tx, ticketId)) || (await hasTicketEmail(tx, ticketId, 'fee-due'))) return;
      await optional(
        tx,
        'ticketUpdates',
        t.customer,
        feeDueEmail({
          name: t.customer.name,
          engineerName: t.engineer.name,
          ticket: facts(t),
          url: links.ticket(t.id),
        }),
        { ticketId: t.id, kind: 'fee-due' },
      );
    },

    async feePaid(tx, ticketId, payment) {
      const t = await partiesOf(tx, ticketId);
      // The engineer's contact shows on the ticket while it is in progress or completed (a fee paid
      // after the ticket went back to pending waits for it: serializeTicket).
      const contactShown = t.status === 'in-progress' || t.status === 'completed';
      const content = feePaidEmail({
        name: t.customer.name,
        engineerName: contactShown ? (t.engineer?.name ?? null) : null,
        ticket: facts(t),
        paymentId: payment.paymentId,
        url: links.ticket(t.id),
      });
      await always(tx, t.customer.email, content, {
        userId: t.customer.id,
        ticketId: t.id,
        kind: 'fee-paid',
        attachments: [{ type: 'receipt', orderId: payment.orderId }],
      });
    },

    async ticketCompleted(tx, ticketId, by) {
      const t = await partiesOf(tx, ticketId);
      await optional(
        tx,
        'ticketUpdates',
        t.customer,
        ticketCompletedEmail({
          name: t.customer.name,
          engineerName: by === 'engineer' ? (t.engineer?.name ?? null) : null,
          ticket: facts(t),
          remarks: t.remarks,
          rateUrl: links.rate(t.id),
        }),
        { ticketId: t.id, kind: 'ticket-completed' },
      );
    },

    async messagePosted(tx, message) {
      const slots = await takeMessageEmailSlots(tx, {
        ticketId: message.ticketId,
        authorId: message.author.id,
        staffNote: message.internal,
        minutes: MESSAGE_EMAIL_GAP_MINUTES,
      });
      if (slots.length === 0) return;
      const t = await partiesOf(tx, message.ticketId);
      for (const to of [t.customer, t.engineer]) {
        if (!to || !slots.includes(to.id)) continue;
        const content = newMessageEmail({
          name: to.name,
          authorName: message.author.name,
          authorRole: ROLE_NAMES[message.author.role],
          ticket: facts(t),
          body: message.body,
          attachments: message.attachments,
          internal: message.internal,
          // This one among them: the messages of the gap since the last email were not emailed.
          unread: await unreadCount(tx, { ticketId: t.id, readerId: to.id, staffNotes: to === t.engineer }),
          url: links.ticket(t.id),
        });
        await optional(tx, 'messages', to, content, { ticketId: t.id, kind: 'new-message' });
      }
    },

    async repairRequest(tx, request) {
      const content = repairRequestEmail({
        name: request.name,
        email: request.email,
        phone: request.phone,
        computerType: request.computerType,
        urgency: request.urgency,
        service: serviceLabel(request.mainServiceName, request.subServiceName),
        description: request.description,
        url: links.adminContacts,
      });
      await always(tx, config.support.email, content, {
        kind: 'repair-request',
        headers: { 'Reply-To': request.email },
      });
    },
  };
}
