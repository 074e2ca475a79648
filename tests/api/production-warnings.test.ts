import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.js';

/**
 * In production, settings left at their development defaults start the server (nothing is broken)
 * but each says so in the log at start-up: what they leave undone and what to set.
 */
async function bootWarnings(env: Record<string, string>, until?: RegExp) {
  const log: string[] = [];
  const t = await createTestApp({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', ...env }, { logLines: log });
  const warnings = () => log.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
  // The SMTP check runs beside the start, not before it: its warning comes a moment later.
  for (let waited = 0; until && !warnings().some((w) => until.test(w.msg)) && waited < 15_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await t.close();
  return warnings();
}

describe('production settings left at their defaults', () => {
  it('a local PUBLIC_URL: emails, the sitemap and canonical links would point at it', async () => {
    const warnings = await bootWarnings({ PUBLIC_URL: 'http://localhost:3000' });
    expect(warnings.map((w) => w.msg)).toContainEqual(expect.stringMatching(/^PUBLIC_URL is http:\/\/localhost:3000/));
    expect(warnings.map((w) => w.msg)).toContainEqual(expect.stringMatching(/^SMTP_URL is not set/));
  });

  it('an SMTP_URL nothing answers at: the start goes on, and says so at once', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const smtpUrl = `smtp://mailer:secret-password@127.0.0.1:${closed}`;
    const log = await bootWarnings({ PUBLIC_URL: 'https://remotefix.example', SMTP_URL: smtpUrl }, /^SMTP_URL/);
    expect(log.map((w) => w.msg)).toContain('SMTP_URL cannot be used now: emails wait');
    expect(JSON.stringify(log)).not.toContain('secret-password');
    expect(log.filter((w) => /PUBLIC_URL/.test(w.msg))).toEqual([]);
  });
});
