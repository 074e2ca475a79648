import type { CheckoutSuccess } from '../../../../shared/contracts/payments.js';

export interface CreateOrderInput {
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
}

/** One interface for the real provider and the built-in test one (DECISIONS.md §4). */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'test';
  /** The public key the checkout widget is opened with. */
  readonly keyId: string;
  createOrder(input: CreateOrderInput): Promise<{ id: string }>;
  /** HMAC-SHA256(order_id|payment_id) with the key secret, compared in constant time. */
  verifyCheckout(success: CheckoutSuccess): boolean;
  /** The webhook's signature over the raw body; false when no webhook secret is configured. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
  /**
   * The payments the provider has captured on an order, asked of the provider itself (the
   * reconciliation, for orders whose webhook never came). Rejects with a ProviderError.
   */
  capturedPayments(orderId: string): Promise<ProviderPayment[]>;
}

export interface ProviderPayment {
  id: string;
  amount: number;
  currency: string;
  /**
   * When the customer paid, by the provider's record (Razorpay's `created_at`, when the payment
   * began): its receipt's date and financial year, and the day its revenue counts on, however late
   * the app hears of it.
   */
  paidAt?: Date;
}

/**
 * The provider could not be reached or refused the order. The message is for the operators' log:
 * what the provider said (its HTTP status and error code) and never a credential.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
}
