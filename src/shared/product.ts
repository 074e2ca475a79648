/** Business constants shared by the server and the web app (SPEC.md §9, DECISIONS.md §4). */
export const PRODUCT_NAME = 'RemoteFix';

export const CURRENCY = 'INR';
/** Fees in paise: the server's constants, never the client's. */
export const BOOKING_FEE_PAISE = 9900;
export const IN_PROGRESS_FEE_PAISE = 29900;
export const formatRupees = (paise: number) => `₹${(paise / 100).toFixed(0)}`;

export const PAYMENT_POLL_INTERVAL_MS = 3000;
export const PAYMENT_POLL_TIMEOUT_MS = 120_000;

export const ADMIN_MOBILE_BREAKPOINT_PX = 640;

export const SUPPORT_HOURS = {
  emergency: '24/7 emergency support',
  regular: 'Monday-Friday 9:00 AM to 6:00 PM',
} as const;

/**
 * Tickets a list page holds unless the caller asks for another number (at most `max`). Here rather
 * than with the list's schema (contracts/tickets.ts) so a browser list can name it without zod.
 */
export const PAGE_SIZE = { default: 20, max: 100 } as const;

/**
 * Events a page of a ticket's history holds (GET /api/admin/tickets/{id}/history): a usual ticket's
 * whole trail fits in the first; one whose customer keeps changing the remote session pages on.
 */
export const HISTORY_PAGE = { default: 100, max: 200 } as const;

export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMin: 7,
  phoneMax: 20,
  passwordMin: 8,
  passwordMax: 128,
  descriptionMax: 2000,
  remarksMax: 2000,
  serviceNameMax: 100,
} as const;

/** At most one message email per ticket and recipient in this many minutes (DECISIONS.md §7.3). */
export const MESSAGE_EMAIL_GAP_MINUTES = 10;
