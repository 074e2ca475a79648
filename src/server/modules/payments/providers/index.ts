import type { Config } from '../../../config.js';
import { createRazorpayProvider } from './razorpay-provider.js';
import { createTestProvider } from './test-provider.js';

export type { PaymentProvider, ProviderPayment } from './types.js';
export { ProviderError } from './types.js';

export type TestPaymentProvider = ReturnType<typeof createTestProvider>;

export function createPaymentProvider(
  config: Config,
  jwtSecret: string,
  overrides: { razorpayApiUrl?: string } = {},
): ReturnType<typeof createTestProvider> | ReturnType<typeof createRazorpayProvider> {
  const p = config.payments;
  if (p.provider === 'razorpay' && p.razorpayKeyId && p.razorpayKeySecret) {
    return createRazorpayProvider({
      keyId: p.razorpayKeyId,
      keySecret: p.razorpayKeySecret,
      webhookSecret: p.razorpayWebhookSecret,
      ...(overrides.razorpayApiUrl ? { apiBaseUrl: overrides.razorpayApiUrl } : {}),
    });
  }
  return createTestProvider(jwtSecret);
}

export const isTestProvider = (p: { name: string }): p is TestPaymentProvider => p.name === 'test';
