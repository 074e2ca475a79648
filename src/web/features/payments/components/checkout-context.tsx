import { createContext, useContext } from 'react';
import type { CheckoutSuccess, OrderResponse } from '@shared/contracts/payments';

export interface Prefill {
  name: string;
  email: string;
  phone: string;
}

export type CheckoutResult = { kind: 'success'; success: CheckoutSuccess } | { kind: 'dismissed' } | { kind: 'failed' };

export interface CheckoutControls {
  /** Opens the provider's checkout for an order; resolves when the customer pays, fails or closes it. */
  openCheckout(order: OrderResponse, prefill: Prefill, description: string): Promise<CheckoutResult>;
}

export const CheckoutContext = createContext<CheckoutControls | null>(null);

export function useCheckout(): CheckoutControls {
  const ctx = useContext(CheckoutContext);
  if (!ctx) throw new Error('useCheckout must be used inside <CheckoutProvider>');
  return ctx;
}
