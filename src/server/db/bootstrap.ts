import type { Config } from '../config.js';
import { ensureSuperadmin } from '../modules/auth/service.js';
import { otherSuperadmins } from '../modules/auth/superadmins.js';
import { seedCatalogue } from '../modules/catalogue/seed.js';
import { saveIssuer } from '../modules/receipts/queries.js';
import type { Database } from './client.js';

/** Something the boot found that the operator should know: main.ts logs each one as a warning. */
export interface BootWarning {
  msg: string;
  detail: object;
}

/**
 * Everything a database needs before the app serves from it: migrations, the catalogue seed, the
 * business receipts name (when given), the superadmin. Answers what the log should warn about
 * (superadmins beside ADMIN_EMAIL's).
 */
export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'admin'> & Partial<Pick<Config, 'business'>>,
): Promise<BootWarning[]> {
  await database.migrate();
  await seedCatalogue(database.db);
  if (config.business) {
    const { name, address, gstin } = config.business;
    await saveIssuer(database.db, { name, address: address ?? null, gstin: gstin ?? null });
  }
  if (!config.admin) return [];
  const admin = await ensureSuperadmin(database.db, config.admin);
  return otherSuperadmins(database.db, admin);
}
