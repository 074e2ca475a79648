import { ACCOUNT_CHANNEL } from '../../src/server/events/ticket-notices.js';
import type { TestApp } from './test-app.js';

/**
 * Runs `change`, a write to an account made straight in the database, and resolves once the
 * database has announced it (`rf_account`) to the app: from then on every request sees it
 * (src/server/modules/auth/caller-cache.ts). On PostgreSQL the announcement reaches the app a
 * moment after the change commits, on another connection.
 */
export async function changeAccount(t: TestApp, userId: string, change: () => Promise<unknown>): Promise<void> {
  let heard = () => {};
  const announced = new Promise<void>((resolve) => (heard = resolve));
  const stop = await t.database.listener.on(ACCOUNT_CHANNEL, (id) => {
    if (id === userId) heard();
  });
  try {
    await change();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      announced,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the change to account ${userId} was not announced in 5 s`)), 5000);
      }),
    ]).finally(() => clearTimeout(timer));
  } finally {
    stop();
  }
}
