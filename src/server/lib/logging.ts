import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a credential: the session token the Google sign-in hands to
 * `/auth/success?token=…` (DECISIONS.md §3 puts it in the address), and the one-time authorization
 * code and state of its callback. A log is read by more people than the account's owner.
 */
const SECRET_PARAMS = ['token', 'code', 'state'];
const SECRET_IN_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** The address as it may be logged: secret parameters' values replaced. */
export const urlForLog = (url: string) => (url.includes('?') ? url.replace(SECRET_IN_QUERY, '$1[redacted]') : url);

/** Fastify's request log line (its default fields), with the address made safe to keep. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
