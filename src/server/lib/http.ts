import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../shared/contracts/common.js';

/** The Fastify instance every module's routes are declared on: zod schemas in and out. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Response schemas for the error statuses a route can answer, all `{ error }`. */
export function errors<const C extends number>(...codes: C[]): Record<C, typeof errorSchema> {
  return Object.fromEntries(codes.map((c) => [c, errorSchema])) as Record<C, typeof errorSchema>;
}

export const ONE_MINUTE = 60_000;

const ACCOUNT_WRITES = 'account-writes';

/**
 * One budget per signed-in account for what it writes that others read or that piles up (a message,
 * its remote session, its profile): `perMinute` of them a minute in all (RATE_LIMIT_WRITES), counted
 * in the shared store, so across every instance. It runs after the auth hook: it counts the account.
 */
export function accountWriteLimit(app: ZodApp, perMinute: number) {
  return app.rateLimit({
    max: perMinute,
    timeWindow: ONE_MINUTE,
    groupId: ACCOUNT_WRITES,
    keyGenerator: (request) => `account:${request.user?.id ?? request.ip}`,
  });
}

/** The account's counter of that budget in `rate_limits` (the store names it `groupId:key`). */
export const accountWritesCounter = (userId: string) => `${ACCOUNT_WRITES}:account:${userId}`;
