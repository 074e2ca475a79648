import { describe, expect, it } from 'vitest';
import type { ReceiptRow } from '../../src/server/db/schema/index.js';
import { receiptPdf } from '../../src/server/modules/receipts/pdf.js';
import { pdfText } from '../support/pdf-text.js';

// Which receipts say they are from test mode: only a payment of the built-in test checkout, known by
// its id; a Razorpay payment's receipt is a real receipt (tests/api/receipts.test.ts reads the rest).
const row = (paymentId: string): ReceiptRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  number: 'RF/2026-27/000001',
  financialYear: '2026-27',
  serial: 1,
  orderId: 'order_1',
  ticketId: '00000000-0000-4000-8000-000000000002',
  userId: '00000000-0000-4000-8000-000000000003',
  kind: 'booking',
  amount: 9900,
  currency: 'INR',
  paymentId,
  paidAt: new Date('2026-11-27T10:00:00Z'),
  businessName: 'RemoteFix Services',
  businessAddress: null,
  gstin: null,
  customerName: 'Asha Rao',
  customerEmail: 'asha@example.com',
  ticketNumber: 1001,
  service: 'Hardware Diagnostics › Laptop Not Turning On',
  createdAt: new Date('2026-11-27T10:00:00Z'),
});

describe('a receipt from test mode', () => {
  it('says no money was received when the payment is the test checkout’s', async () => {
    const text = await pdfText(await receiptPdf(row('pay_test_c85nb7ajxwk0')));
    expect(text).toContain('TEST MODE: no money was received.');
  });

  it('says nothing of the kind for a Razorpay payment', async () => {
    const text = await pdfText(await receiptPdf(row('pay_29QQoUBi66xm2f')));
    expect(text).toContain('pay_29QQoUBi66xm2f');
    expect(text).not.toMatch(/test mode/i);
  });
});
