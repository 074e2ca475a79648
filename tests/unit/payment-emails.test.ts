import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../src/server/modules/email/templates/blocks.js';
import { bookingConfirmedEmail, feePaidEmail } from '../../src/server/modules/email/templates/tickets.js';
import { TEST_PAYMENT_PREFIX } from '../../src/server/modules/payments/providers/test-provider.js';

const ticket = { number: 1001, service: 'Laptop / Slow laptop', description: 'It takes minutes to start' };
const url = 'https://remotefix.example/tickets/1';

/** What a customer reads of an email about their payment, both parts. */
function read(paymentId: string) {
  return [
    bookingConfirmedEmail({ name: 'Asha', ticket, paymentId, url }),
    feePaidEmail({ name: 'Asha', engineerName: null, ticket, paymentId, url }),
  ].map((content) => {
    const { html, text } = renderEmail(content, {
      productName: 'RemoteFix',
      publicUrl: 'https://remotefix.example',
      supportEmail: 'support@remotefix.example',
      supportPhone: '+91 98765 43210',
    });
    return `${html}\n${text}`;
  });
}

describe('an email about a payment', () => {
  it('made at the test checkout says no money was taken', () => {
    for (const email of read(`${TEST_PAYMENT_PREFIX}abc123`)) expect(email).toContain('Test mode: no money was taken.');
  });

  it('made with Razorpay says nothing of test mode', () => {
    for (const email of read('pay_Nx7sXYZ123')) expect(email).not.toMatch(/test mode/i);
  });
});
