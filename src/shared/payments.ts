export const PAYMENT_KINDS = ['booking', 'inprogress'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_STATUSES = ['created', 'captured', 'verified', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Captured (seen by the provider's webhook) or verified (signature checked) both mean paid. */
export const PAID_STATUSES = ['captured', 'verified'] as const satisfies readonly PaymentStatus[];
export type PaidStatus = (typeof PAID_STATUSES)[number];

/** Waiting for a payment: a failed attempt too (the provider takes another payment on the same order). */
export const UNPAID_STATUSES = ['created', 'failed'] as const satisfies readonly PaymentStatus[];

export const isPaid = (status: PaymentStatus): status is PaidStatus =>
  (PAID_STATUSES as readonly PaymentStatus[]).includes(status);

/** What a payment of each kind pays for, as receipts and the admin's history name it. */
export const feeName = (kind: PaymentKind) => (kind === 'inprogress' ? 'In-progress fee' : 'Booking fee');
