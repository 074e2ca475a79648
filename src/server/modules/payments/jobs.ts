import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { defineJob } from '../../jobs/definition.js';
import type { Notices } from '../email/notices.js';
import type { PaymentProvider } from './providers/index.js';
import { RECONCILE, reconcileOrders } from './reconcile.js';

/**
 * The reconciliation (`reconcile.ts`) as a scheduled job: every RECONCILE.everyMs, once for all
 * instances. Razorpay only: the test provider's checkout settles its own orders. A round that fails
 * (the database away) is tried again within the interval; a round that stops for a shutdown leaves the
 * rest to the next.
 */
export const paymentJobs = ({ db, provider, notices }: { db: Db; provider: PaymentProvider; notices: Notices }) => [
  defineJob({
    name: 'payments.reconcile',
    payload: z.object({}),
    cron: provider.name === 'razorpay' ? `*/${RECONCILE.everyMs / 60_000} * * * *` : null,
    retryLimit: 2,
    retryDelay: 60,
    handler: (_payload, { log, stopping }) => reconcileOrders(db, provider, notices, log, { stopped: stopping }),
  }),
];
