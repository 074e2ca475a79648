import { randomUUID } from 'node:crypto';
import { call } from './server-http.js';

/**
 * What the fault tests make through a running server child (server-process.ts): a signed-up customer,
 * a booking draft from the seeded catalogue and the body of its booking order.
 */

export interface Customer {
  id: string;
  email: string;
  token: string;
}

let signups = 0;

/** Signs a customer up through the running server. */
export async function signUpCustomer(base: string, prefix = 'fault'): Promise<Customer> {
  const email = `${prefix}.${Date.now()}.${++signups}.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-42';
  const res = await call<{ user: { id: string }; token: string }>(base, 'POST', '/api/signup', {
    body: { name: 'Fault Tester', email, phone: '+91 98765 43210', password },
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, email, token: res.body.token };
}

export interface DraftFields {
  mainServiceId: string;
  subServiceId: string;
  description: string;
}

/** A valid booking draft from the seeded catalogue. */
export async function bookingDraft(base: string): Promise<DraftFields> {
  const mains = await call<{ mainServices: { id: string }[] }>(base, 'GET', '/api/admin/services/main');
  for (const main of mains.body.mainServices) {
    const subs = await call<{ subServices: { id: string }[] }>(base, 'GET', `/api/admin/services/${main.id}/sub`);
    const sub = subs.body.subServices[0];
    if (sub)
      return {
        mainServiceId: main.id,
        subServiceId: sub.id,
        description: 'The laptop restarts on its own every few minutes.',
      };
  }
  throw new Error('the seeded catalogue has no sub-services');
}

export const bookingOrderBody = (d: DraftFields) => ({ amount: 9900, currency: 'INR', ...d });

export interface CheckoutAnswer {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}
