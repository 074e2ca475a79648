import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './types.js';
import { checkoutSignature, hmacHex, safeEqualHex } from './signatures.js';

/**
 * How the test checkout's payment ids begin. Razorpay's are `pay_` and letters and digits only, so a
 * receipt can tell a test payment (no money moved) from a real one by its id alone.
 */
export const TEST_PAYMENT_PREFIX = 'pay_test_';
export const isTestPayment = (paymentId: string) => paymentId.startsWith(TEST_PAYMENT_PREFIX);

export const TEST_KEY_ID = 'rzp_test_remotefix_builtin';

/**
 * The embedded default: Razorpay's flow with no network. Orders and payment ids are made here;
 * signatures use a secret derived from the JWT secret, so every instance of one deployment agrees.
 */
export function createTestProvider(secretSeed: string): PaymentProvider & {
  signCheckout(orderId: string): { paymentId: string; signature: string };
} {
  const secret = hmacHex(secretSeed, 'remotefix-test-payments');
  return {
    name: 'test',
    keyId: TEST_KEY_ID,
    async createOrder() {
      return { id: `order_test_${randomBytes(9).toString('base64url')}` };
    },
    verifyCheckout: (s) =>
      safeEqualHex(checkoutSignature(secret, s.razorpay_order_id, s.razorpay_payment_id), s.razorpay_signature),
    verifyWebhook: () => false,
    // Its checkout settles the order itself: nothing is ever captured behind the app's back.
    capturedPayments: async () => [],
    signCheckout(orderId) {
      const paymentId = `${TEST_PAYMENT_PREFIX}${randomBytes(9).toString('base64url')}`;
      return { paymentId, signature: checkoutSignature(secret, orderId, paymentId) };
    },
  };
}
