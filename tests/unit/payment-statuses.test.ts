import { describe, expect, it } from 'vitest';
import { isPaid, PAID_STATUSES, PAYMENT_STATUSES, UNPAID_STATUSES } from '../../src/shared/payments.js';

// The lists the SQL (the engineer's contact, the reconciliation and its partial index) and the
// screens read: a status added to the enum must be put in exactly one of them.
describe('payment statuses', () => {
  it('are each either paid or unpaid, never both', () => {
    expect([...PAID_STATUSES, ...UNPAID_STATUSES].sort()).toEqual([...PAYMENT_STATUSES].sort());
  });

  it('isPaid says paid exactly for the paid ones', () => {
    expect(PAYMENT_STATUSES.filter(isPaid)).toEqual([...PAID_STATUSES]);
  });
});
