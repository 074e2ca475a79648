import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isInvalidText } from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';

// Connection-level failures of the database: the request cannot be served right now, but nothing is wrong with it.
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  // Every connection slot of the server taken (max_connections).
  '53300',
  // A statement PostgreSQL cancelled at statement_timeout (db/postgres-pool.ts): stuck, not wrong.
  '57014',
]);

function isDatabaseDown(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_DOWN_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      // `Query read timeout`: no answer on the connection within its time (a frozen one), and `not
      // queryable`: what else was waiting on it, once it was closed for that.
      // `not currently accepting connections`: a database closed to connections (55000, a code that
      // otherwise means a bug, so only with this message).
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Query read timeout|is not queryable|not currently accepting connections/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request has an invalid Content-Length',
};

const ROUTER_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The address is too long'],
};

/**
 * Fastify's `frameworkErrors` option: errors the router meets before any route or hook runs (a
 * malformed percent-encoding, an over-long path parameter). Fastify would answer them itself with
 * its own codes; here they get `{ error }` like everything else. No onRequest hook has run, so the
 * security headers are set here: a strict policy, as the answer is JSON and loads nothing.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, message] = ROUTER_ERRORS[err.code] ?? [400, 'Bad request'];
  return reply.status(status).headers(REFUSAL_HEADERS).send({ error: message });
}

/** The headers of a refusal that loads nothing (JSON): a strict policy, as on every answer. */
const REFUSAL_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
};

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses before Fastify sees them
 * (not HTTP, a header line without a colon, a bad chunk, two Content-Lengths). Fastify's own answer
 * is `{ error, message, statusCode }`; this one is `{ error }` like every other (DECISIONS.md §2),
 * written to the socket, which then closes: what follows on it cannot be trusted.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? [
    400,
    'Bad Request',
    'The request is not valid HTTP',
  ];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    const headers = Object.entries({
      ...REFUSAL_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${headers.join('')}\r\n${body}`);
  }
  socket.destroy();
}

/** Which route failed, for the log: its method and pattern (never the address, which may hold values). */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? '(no route)'}`;

/**
 * The one error handler: every failure becomes `{ error }` with an honest status, and a 5xx
 * never says more than that something went wrong.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.logDetail) request.log.error(err.logDetail, err.message);
      if (err.retryAfterSeconds) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send({ error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'Invalid input';
      const generic = /^(Invalid input|Required)/i.test(message);
      return reply.status(400).send({ error: generic && field ? `${field}: ${message}` : message });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    if (isInvalidText(err)) {
      return reply.status(400).send({ error: 'The request contains characters that are not allowed' });
    }
    if (isDatabaseDown(err)) {
      request.log.warn({ err, route: routeOf(request) }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ error: 'Service temporarily unavailable, please try again shortly' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (err.code && FASTIFY_MESSAGES[err.code]) || err.message || 'Bad request';
      return reply.status(status).send({ error: message });
    }
    // The logger's serializer keeps a database failure to its code, constraint and table (lib/logging.ts).
    request.log.error({ err, route: routeOf(request) }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
});
