export const PAYMENT_KINDS = ['booking', 'inprogress'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_STATUSES = ['created', 'captured', 'verified', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Captured (seen by the provider's webhook) or verified (signature checked) both mean paid. */
export const isPaid = (status: PaymentStatus) => status === 'captured' || status === 'verified';
