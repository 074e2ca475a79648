import { BOOKING_FEE_PAISE, formatRupees, IN_PROGRESS_FEE_PAISE } from '../../../../shared/product.js';
import { ticketNumberLabel } from '../../../../shared/tickets.js';
import { isTestPayment } from '../../payments/providers/test-provider.js';
import { type Block, button, details, type EmailContent, note, p, quote, strong } from './blocks.js';

/** What every ticket email says about the ticket. */
export interface TicketFacts {
  number: number;
  service: string;
  description: string;
}

const MAX_QUOTE = 1500;
const clip = (text: string, max = MAX_QUOTE) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const ticketRows = (t: TicketFacts): [string, string][] => [
  ['Ticket', ticketNumberLabel(t.number)],
  ['Service', t.service],
  ['Problem', clip(t.description, 500)],
];

/**
 * Test mode's checkout moves no money: an email about its payment says so at the top, as its receipt
 * does, so it never passes for a real one.
 */
const testPaymentNotice = (paymentId: string | null): Block[] =>
  paymentId && isTestPayment(paymentId)
    ? [p(strong('Test mode: no money was taken.'), ' This payment was made with the test checkout.')]
    : [];

/** To the customer once the booking fee is paid and the ticket exists (always sent, with the receipt). */
export function bookingConfirmedEmail(input: {
  name: string;
  ticket: TicketFacts;
  paymentId: string | null;
  url: string;
}): EmailContent {
  const number = ticketNumberLabel(input.ticket.number);
  return {
    subject: `Booking confirmed: ${number}`,
    preheader: `We received your ${formatRupees(BOOKING_FEE_PAISE)} booking fee and opened ticket ${number}.`,
    heading: `Your ticket ${number} is booked`,
    blocks: [
      ...testPaymentNotice(input.paymentId),
      p(`Hi ${input.name},`),
      p(
        `Thank you: we received your ${formatRupees(BOOKING_FEE_PAISE)} booking fee and opened ticket `,
        strong(number),
        '. An engineer will be assigned to it shortly; we will email you when that happens.',
      ),
      details([
        ...ticketRows(input.ticket),
        ['Booking fee', `${formatRupees(BOOKING_FEE_PAISE)} paid`],
        ...(input.paymentId ? ([['Payment id', input.paymentId]] as [string, string][]) : []),
      ]),
      p('Your receipt is attached to this email as a PDF.'),
      button('View your ticket', input.url),
    ],
  };
}

/**
 * To the customer: an engineer is on the ticket. `fee`: where the in-progress fee stands, as the
 * customer must read it (a reassignment can come after it is paid, or once the work has started).
 */
export function engineerAssignedCustomerEmail(input: {
  name: string;
  engineerName: string;
  ticket: TicketFacts;
  fee: 'later' | 'due' | 'paid';
  url: string;
}): EmailContent {
  const number = ticketNumberLabel(input.ticket.number);
  const fee = formatRupees(IN_PROGRESS_FEE_PAISE);
  return {
    subject: `${number}: ${input.engineerName} is your engineer`,
    preheader: `${input.engineerName} has been assigned to your ticket ${number}.`,
    heading: 'An engineer is on your ticket',
    blocks: [
      p(`Hi ${input.name},`),
      p(strong(input.engineerName), ` has been assigned to your ticket `, strong(number), '.'),
      details(ticketRows(input.ticket)),
      p(
        input.fee === 'paid'
          ? `Your ${fee} in-progress fee is paid: your engineer's contact details are on the ticket while the work is in progress.`
          : input.fee === 'due'
            ? `The work has started: the ${fee} in-progress fee is due now. Once it is paid you see your engineer's contact details on the ticket.`
            : `When the work starts, the ${fee} in-progress fee is due; once it is paid you see your engineer's contact details on the ticket.`,
      ),
      button('View your ticket', input.url),
    ],
  };
}

/** To the engineer: a ticket is theirs now. */
export function engineerAssignedEngineerEmail(input: {
  name: string;
  customerName: string;
  ticket: TicketFacts;
  url: string;
}): EmailContent {
  const number = ticketNumberLabel(input.ticket.number);
  return {
    subject: `New ticket for you: ${number}`,
    preheader: `${input.customerName}'s ticket ${number} has been assigned to you.`,
    heading: `Ticket ${number} is assigned to you`,
    blocks: [
      p(`Hi ${input.name},`),
      p(`You have been assigned ${input.customerName}'s ticket `, strong(number), '.'),
      details(ticketRows(input.ticket)),
      button('Open the ticket', input.url),
    ],
  };
}

/** To the customer: the ticket is in progress with an engineer and the in-progress fee is not paid. */
export function feeDueEmail(input: {
  name: string;
  engineerName: string;
  ticket: TicketFacts;
  url: string;
}): EmailContent {
  const number = ticketNumberLabel(input.ticket.number);
  const fee = formatRupees(IN_PROGRESS_FEE_PAISE);
  return {
    subject: `${number} is in progress: ${fee} fee due`,
    preheader: `${input.engineerName} has started on your repair. Pay the ${fee} in-progress fee to continue.`,
    heading: `Your repair has started: ${fee} is due`,
    blocks: [
      p(`Hi ${input.name},`),
      p(strong(input.engineerName), ` has started work on your ticket `, strong(number), '.'),
      p(
        `Please pay the ${fee} in-progress fee on the ticket's page. Once it is paid, you see ${input.engineerName}'s contact details there.`,
      ),
      details(ticketRows(input.ticket)),
      button(`Pay ${fee}`, input.url),
    ],
  };
}

/**
 * To the customer once the in-progress fee is paid (always sent, with the receipt). `engineerName`:
 * the engineer whose contact the ticket's page now shows, if it does.
 */
export function feePaidEmail(input: {
  name: string;
  engineerName: string | null;
  ticket: TicketFacts;
  paymentId: string;
  url: string;
}): EmailContent {
  const number = ticketNumberLabel(input.ticket.number);
  const fee = formatRupees(IN_PROGRESS_FEE_PAISE);
  return {
    subject: `${number}: ${fee} received`,
    preheader: `We received your ${fee} in-progress fee for ticket ${number}.`,
    heading: `Thank you: ${fee} received`,
    blocks: [
      ...testPaymentNotice(input.paymentId),
      p(`Hi ${input.name},`),
      p(`We received your ${fee} in-progress fee for ticket `, strong(number), '.'),
      ...(input.engineerName
        ? [p(`${input.engineerName}'s email and phone are now on the ticket's page, to reach them directly.`)]
        : []),
      details([...ticketRows(input.ticket), ['In-progress fee', `${fee} paid`], ['Payment id', input.paymentId]]),
      p('Your receipt is attached to this email as a PDF.'),
      button('View your ticket', input.url),
    ],
  };
}

/** To the customer: the repair is done, with the engineer's remarks and a way to rate it. */
export function ticketCompletedEmail(input: {
  name: string;
  engineerName: string | null;
  ticket: TicketFacts;
  remarks: string | null;
  rateUrl: string;
}): EmailContent {
  const number = ticketNumberLabel(input.ticket.number);
  return {
    subject: `${number} is complete`,
    preheader: input.remarks ? clip(input.remarks, 120) : `Your ticket ${number} is complete.`,
    heading: `Your ticket ${number} is complete`,
    blocks: [
      p(`Hi ${input.name},`),
      p(
        input.engineerName ? `${input.engineerName} has completed your ticket ` : 'Your ticket ',
        strong(number),
        input.engineerName ? '.' : ' is complete.',
      ),
      ...(input.remarks
        ? [quote(input.engineerName ? `${input.engineerName}'s remarks:` : 'Remarks:', clip(input.remarks))]
        : []),
      p('How did it go? Your rating helps us and the engineer.'),
      button('Rate the repair', input.rateUrl),
      note(`Ticket ${number}: ${input.ticket.service}`),
    ],
  };
}

/** To a party of the ticket: a new message (at most one such email per ticket and person in 10 minutes). */
export function newMessageEmail(input: {
  name: string;
  authorName: string;
  authorRole: string;
  ticket: TicketFacts;
  body: string;
  attachments: number;
  internal: boolean;
  /** The recipient's unread messages on the ticket, this one included. */
  unread: number;
  url: string;
}): EmailContent {
  const number = ticketNumberLabel(input.ticket.number);
  const what = input.internal ? 'staff note' : 'message';
  const others = input.unread - 1;
  const files = input.attachments > 0 ? `${input.attachments} ${input.attachments === 1 ? 'file' : 'files'}` : '';
  return {
    subject: `New ${what} on ${number}`,
    preheader: `${input.authorName} wrote on ${number}${input.body ? `: ${clip(input.body, 100)}` : ''}`,
    heading: `New ${what} on ${number}`,
    blocks: [
      p(`Hi ${input.name},`),
      p(strong(`${input.authorName} (${input.authorRole})`), ` wrote on ticket `, strong(number), ':'),
      ...(input.body ? [quote('Message:', clip(input.body))] : []),
      ...(files ? [p(`With ${files} attached.`)] : []),
      // Messages of the quiet 10 minutes after an email were not emailed: this one says they are there.
      ...(others > 0
        ? [p(`You have ${others} more unread ${others === 1 ? 'message' : 'messages'} on this ticket.`)]
        : []),
      button('Reply', input.url),
      note(
        'Further messages on this ticket in the next 10 minutes are not emailed separately: see them on the ticket.',
      ),
    ],
  };
}
