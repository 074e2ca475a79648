import { PRODUCT_NAME } from '../shared/product.js';
import type { PublicAppConfig } from '../shared/app-config.js';
import type { Config } from './config.js';

/** What the browser may know about this deployment: written into every page the server sends. */
export const publicAppConfig = (config: Config): PublicAppConfig => ({
  productName: PRODUCT_NAME,
  supportPhone: config.support.phone,
  supportEmail: config.support.email,
  paymentProvider: config.payments.provider,
  razorpayKeyId: config.payments.provider === 'razorpay' ? (config.payments.razorpayKeyId ?? null) : null,
  googleEnabled: Boolean(config.google.clientId),
});
