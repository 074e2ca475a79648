import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Listener } from '../db/listener.js';

/** The channel every instance listens on for committed changes to the service catalogue. */
export const CATALOGUE_CHANNEL = 'rf_catalogue';

/**
 * Announces a catalogue change from inside the transaction that makes it: every listening instance
 * hears it once the change has committed (and renders its marketing pages again), never if it
 * rolls back. It names nothing: a listener reads the catalogue as it now is.
 */
export async function notifyCatalogueChange(tx: Db) {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}

/**
 * Calls `handler` after every committed catalogue change, on the process's one listening connection,
 * and once that connection is back after it was lost (changes may have been missed meanwhile).
 * Returns the function that stops it.
 */
export async function onCatalogueChange(listener: Listener, handler: () => void): Promise<() => void> {
  // While it is lost the database is likely out of reach too: the catalogue is read once it is back.
  const offGap = listener.onGap(() => listener.live && handler());
  const off = await listener.on(CATALOGUE_CHANNEL, handler);
  return () => {
    off();
    offGap();
  };
}
