import type { Database, Db } from '../db/client.js';
import { databaseJobs } from '../db/jobs.js';
import { conversationJobs } from '../modules/conversation/jobs.js';
import { emailJobs } from '../modules/email/jobs.js';
import type { Notices } from '../modules/email/notices.js';
import { paymentJobs } from '../modules/payments/jobs.js';
import type { PaymentProvider } from '../modules/payments/providers/index.js';

/** Every job the app runs: each module declares its own next to its service (`modules/<name>/jobs.ts`). */
export const appJobs = (deps: {
  database: Database;
  db: Db;
  provider: PaymentProvider;
  notices: Notices;
  email: Parameters<typeof emailJobs>[0];
}) => [...paymentJobs(deps), ...emailJobs(deps.email), ...databaseJobs(deps.database), ...conversationJobs(deps)];
