import type { PublicAppConfig } from '@shared/app-config';
import { PRODUCT_NAME } from '@shared/product';

const FALLBACK: PublicAppConfig = {
  productName: PRODUCT_NAME,
  supportPhone: '+91 98765 43210',
  supportEmail: 'support@remotefix.in',
  paymentProvider: 'test',
  razorpayKeyId: null,
  googleEnabled: false,
};

function read(): PublicAppConfig {
  const el = typeof document !== 'undefined' ? document.getElementById('app-config') : null;
  if (!el?.textContent) return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(el.textContent) as Partial<PublicAppConfig>) };
  } catch {
    return FALLBACK;
  }
}

/** The deployment facts the server wrote into the page (support phone and email, payment mode). */
export const appConfig: PublicAppConfig = read();

export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
