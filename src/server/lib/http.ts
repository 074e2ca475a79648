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
