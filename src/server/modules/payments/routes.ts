import { z } from 'zod';
import {
  bookingOrderBodySchema,
  checkoutSuccessSchema,
  inProgressOrderBodySchema,
  inProgressPaymentsResponseSchema,
  orderResponseSchema,
  paymentStatusResponseSchema,
  testCheckoutBodySchema,
  testCheckoutResponseSchema,
  verifyResponseSchema,
} from '../../../shared/contracts/payments.js';
import type { Db } from '../../db/client.js';
import { errors, ONE_MINUTE, type ZodApp } from '../../lib/http.js';
import type { Notices } from '../email/notices.js';
import { requireUser } from '../../plugins/auth.js';
import { customerTicket } from '../tickets/service.js';
import { isTestProvider, type PaymentProvider } from './providers/index.js';
import { createBookingOrder, createInProgressOrder } from './orders.js';
import { inProgressPayments, paymentStatus, testCheckout, verifyCheckout } from './service.js';
import { reportSettlement } from './settlement.js';

const CUSTOMER = ['user'] as const;
const orderIdParams = z.object({ orderId: z.string().min(1).max(100) });

export async function paymentRoutes(
  app: ZodApp,
  {
    db,
    provider,
    notices,
    ordersPerMinute,
  }: { db: Db; provider: PaymentProvider; notices: Notices; ordersPerMinute: number },
) {
  // Every order opened is a call to the provider's Orders API: one budget per customer for both
  // kinds (RATE_LIMIT_ORDERS). It runs after the auth hook, so it counts the signed-in customer.
  const orderLimit = app.rateLimit({
    max: ordersPerMinute,
    timeWindow: ONE_MINUTE,
    groupId: 'orders',
    keyGenerator: (request) => `customer:${request.user?.id ?? request.ip}`,
  });

  app.post('/order', {
    config: { access: CUSTOMER },
    onRequest: orderLimit,
    schema: {
      tags: ['payments'],
      summary: 'Open a booking order (the ticket draft is stored with it)',
      security: [{ bearer: [] }],
      body: bookingOrderBodySchema,
      response: { 201: orderResponseSchema, ...errors(400, 401, 403, 429, 502) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createBookingOrder(db, provider, requireUser(request), request.body)),
  });

  app.post('/order-inprogress', {
    config: { access: CUSTOMER },
    onRequest: orderLimit,
    schema: {
      tags: ['payments'],
      summary: 'Open the in-progress fee order for your own in-progress ticket',
      security: [{ bearer: [] }],
      body: inProgressOrderBodySchema,
      response: { 201: orderResponseSchema, ...errors(400, 401, 403, 404, 409, 429, 502) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createInProgressOrder(db, provider, requireUser(request), request.body)),
  });

  app.post('/verify', {
    config: { access: CUSTOMER },
    schema: {
      tags: ['payments'],
      summary: "Verify the checkout's signature; a booking's ticket is created here (exactly once)",
      security: [{ bearer: [] }],
      body: checkoutSuccessSchema,
      response: { 200: verifyResponseSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const settlement = await verifyCheckout(db, notices, provider, user, request.body);
      reportSettlement(request.log, settlement);
      const { ticketId } = settlement;
      return ticketId
        ? { status: 'success' as const, ticket: await customerTicket(db, user, ticketId) }
        : { status: 'success' as const };
    },
  });

  app.get('/payment-status/:orderId', {
    config: { access: CUSTOMER },
    schema: {
      tags: ['payments'],
      summary: 'Status of your own order, read from the database',
      security: [{ bearer: [] }],
      params: orderIdParams,
      response: { 200: paymentStatusResponseSchema, ...errors(401, 403, 404) },
    },
    handler: async (request) => ({
      status: await paymentStatus(db, requireUser(request), request.params.orderId),
    }),
  });

  app.get('/api/user/inprogress-payments', {
    config: { access: CUSTOMER },
    schema: {
      tags: ['payments'],
      summary: 'In-progress fee status of each of your tickets',
      security: [{ bearer: [] }],
      response: { 200: inProgressPaymentsResponseSchema, ...errors(401, 403) },
    },
    handler: async (request) => ({ payments: await inProgressPayments(db, requireUser(request)) }),
  });

  // The built-in checkout of the test provider (DECISIONS.md §4): exists only under that provider.
  if (isTestProvider(provider)) {
    app.post('/test-checkout/:orderId', {
      config: { access: CUSTOMER },
      schema: {
        tags: ['payments'],
        summary: 'Test provider only: pay or fail your own order',
        security: [{ bearer: [] }],
        params: orderIdParams,
        body: testCheckoutBodySchema,
        response: { 200: testCheckoutResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
      handler: async (request) => {
        const result = await testCheckout(
          db,
          notices,
          provider,
          requireUser(request),
          request.params.orderId,
          request.body.outcome,
        );
        if ('settlement' in result) reportSettlement(request.log, result.settlement);
        return result.checkout;
      },
    });
  }
}
