// Starts the built production server on a fresh embedded database for the browser tests.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-password-123' };
// tests/e2e/google.spec.ts runs the OpenID Connect issuer on this port; discovery happens lazily,
// at the first Google sign-in, so the issuer need not be up when the server starts.
const OIDC_PORT = process.env.E2E_OIDC_PORT ?? '4174';
const PORT = process.env.PORT ?? '4173';

const dataDir = mkdtempSync(join(tmpdir(), 'rf-e2e-'));
const child = spawn(process.execPath, ['dist/server/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH: '10000',
    RATE_LIMIT_ORDERS: '10000',
    RATE_LIMIT_CONTACT: '10000',
    RATE_LIMIT_WRITES: '10000',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_NAME: 'E2E Admin',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    GOOGLE_CLIENT_ID: 'remotefix-e2e-client',
    GOOGLE_CLIENT_SECRET: 'remotefix-e2e-secret',
    GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
