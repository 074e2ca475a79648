import type { Config } from '../config.js';
import { ensureSuperadmin } from '../modules/auth/service.js';
import { seedCatalogue } from '../modules/catalogue/seed.js';
import type { Database } from './client.js';

/** Everything a database needs before the app serves from it: migrations, the catalogue seed, the superadmin. */
export async function prepareDatabase(database: Database, config: Pick<Config, 'admin'>): Promise<void> {
  await database.migrate();
  await seedCatalogue(database.db);
  if (config.admin) await ensureSuperadmin(database.db, config.admin);
}
