import { createNotices, type Notices } from '../../src/server/modules/email/notices.js';
import { createOutbox } from '../../src/server/modules/email/outbox.js';
import { unsubscribeTokens } from '../../src/server/modules/email/unsubscribe.js';
import { TEST_JWT_SECRET, type TestApp } from './test-app.js';

/**
 * The emails of a test app without SMTP_URL, for a test that calls a service directly (the
 * reconciliation): each email is written `kept`, as the app's own would be, and none is sent.
 */
export function keptNotices(t: TestApp): Notices {
  return createNotices({
    config: t.config,
    outbox: createOutbox({
      sending: false,
      enqueue: () => Promise.reject(new Error('a test app without SMTP_URL sends nothing')),
    }),
    unsubscribe: unsubscribeTokens(TEST_JWT_SECRET),
  });
}
