import { z } from 'zod';
import type { Config } from '../../config.js';
import { defineJob } from '../../jobs/definition.js';
import { deliverEmail, SEND_LEASE_SECONDS, type SenderDeps } from './sender.js';

/**
 * `email.send`: one email row, sent (sender.ts). Retried with backoff (MAIL_RETRY_LIMIT more times,
 * from MAIL_RETRY_DELAY seconds, doubling); after the last failure the row is `failed`, and an admin
 * may retry it (a new job). Workers take up to 20 at once, so a burst of notices goes out in parallel
 * over the transport's pooled connections.
 */
export const emailJobs = (deps: SenderDeps & { mail: Config['mail'] }) => [
  defineJob({
    name: 'email.send',
    payload: z.object({ emailId: z.uuid() }),
    retryLimit: deps.mail.retryLimit,
    retryDelay: deps.mail.retryDelaySeconds,
    batchSize: 20,
    expireInSeconds: SEND_LEASE_SECONDS,
    handler: ({ emailId }, context) => deliverEmail(deps, emailId, context),
  }),
];
