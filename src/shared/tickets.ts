import type { PaymentKind } from './payments.js';

export const TICKET_STATUSES = ['pending', 'in-progress', 'completed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Statuses are shown with dashes replaced by spaces ("in progress"). */
export const statusLabel = (status: TicketStatus) => status.replace(/-/g, ' ');

/** The label badges show ("In Progress"): history and messages that sit beside a badge use it too. */
export const statusTitle = (status: TicketStatus) => statusLabel(status).replace(/\b\w/g, (c) => c.toUpperCase());

export const TICKET_EVENT_KINDS = [
  'created',
  'status_changed',
  'assigned',
  'payment_created',
  'payment_captured',
  'payment_verified',
  'payment_failed',
  'completed',
  /** A second payment captured on an order already paid: the customer is owed a refund. */
  'payment_duplicate',
  /** A captured payment whose amount or currency is not its order's: it paid nothing; refund it. */
  'payment_mismatch',
  /** The admin took the engineer off a ticket not yet completed (issue 29): it waits for another. */
  'unassigned',
  /** The customer rated the completed ticket (DECISIONS.md §7.5), once. */
  'rated',
  /** The customer gave or changed the remote session's tool and id (DECISIONS.md §7.2); never the id itself. */
  'remote_access_set',
  /** Money given back from a payment on the order (made in the Razorpay Dashboard): the record of it. */
  'payment_refunded',
] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/**
 * What each kind of event keeps in its `detail`: written by the server's rules (recordEvent is typed
 * by it) and read by the admin's ticket history, so a renamed key fails the typecheck on both sides.
 */
export interface TicketEventDetails {
  created: { via: string };
  status_changed: { from: TicketStatus; to: TicketStatus };
  /** `from`: the engineer it was taken from, when it is a reassignment. */
  assigned: { engineerId: string; engineerName: string; from?: { engineerId: string; engineerName: string } };
  unassigned: { engineerId: string; engineerName: string };
  rated: { score: number; comment: string | null };
  /** Neither the tool nor the id: only the customer and the engineer at work see those (policy.ts). */
  remote_access_set: { replaced: boolean };
  completed: { from: TicketStatus; remarks: string };
  payment_created: { kind: PaymentKind; amount: number; reopened?: boolean };
  payment_captured: PaymentTaken;
  payment_verified: PaymentTaken;
  payment_failed: { kind: PaymentKind; via: string; reason: string | null };
  payment_duplicate: { kind: PaymentKind; amount: number; paymentId: string; paidWith: string; via: string };
  /** `ofPayment`: the refund is of the payment that paid the order (not of a second one, or a wrong one). */
  payment_refunded: { kind: PaymentKind; amount: number; refundId: string; paymentId: string; ofPayment: boolean };
  payment_mismatch: {
    kind: PaymentKind;
    amount: number;
    currency: string;
    expectedAmount: number;
    expectedCurrency: string;
    paymentId: string;
  };
}

/** A payment that paid its order; `ticketStatus` when an in-progress fee came after the ticket moved on. */
interface PaymentTaken {
  kind: PaymentKind;
  amount: number;
  paymentId: string;
  via: string;
  ticketStatus?: TicketStatus;
}

/** A ticket's number as people say and search it: RF-1001 (DECISIONS.md §7.4). */
export const ticketNumberLabel = (number: number) => `RF-${number}`;

/** A ticket's (and a repair request's) service label: "Main service › Sub-service" (DECISIONS.md §4). */
export const serviceLabel = (mainServiceName: string, subServiceName: string) =>
  `${mainServiceName} › ${subServiceName}`;
