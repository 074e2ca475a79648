import { createHmac, timingSafeEqual } from 'node:crypto';

export const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/**
 * Constant-time comparison of a hex signature with the expected one. Only the exact form is
 * accepted: as many lowercase hex digits as expected (Buffer.from(…, 'hex') would drop a stray
 * last digit and read capitals alike).
 */
export function safeEqualHex(expected: string, given: string | undefined): boolean {
  if (!given || given.length !== expected.length || !/^[0-9a-f]+$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

export const checkoutSignature = (secret: string, orderId: string, paymentId: string) =>
  hmacHex(secret, `${orderId}|${paymentId}`);
