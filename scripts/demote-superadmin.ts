/**
 * Demotes a superadmin that an earlier ADMIN_EMAIL made (the boot keeps it, and warns; see
 * docs/operations.md, "Superadmins"), to admin unless another role is given, and ends its sessions:
 *
 *   npx tsx scripts/demote-superadmin.ts old-owner@example.com [admin|engineer|user]
 *
 * Run it with the server's environment (DATABASE_URL, or DATA_DIR for PGlite). On PGlite stop the
 * server first: it holds DATA_DIR, and this refuses to open it while it runs.
 */
import { ConfigError, loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { demoteSuperadmin } from '../src/server/modules/auth/superadmins.js';
import { CREATABLE_ROLES, type CreatableRole } from '../src/shared/roles.js';

const [email, role = 'admin'] = process.argv.slice(2);
if (!email || !(CREATABLE_ROLES as readonly string[]).includes(role)) {
  console.error('usage: npx tsx scripts/demote-superadmin.ts <email> [admin|engineer|user]');
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const user = await demoteSuperadmin(database.db, email, role as CreatableRole, config.admin);
    console.log(`${user.email} is now ${user.role}; its sessions have ended.`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
}
