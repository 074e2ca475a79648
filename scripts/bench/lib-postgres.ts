/** The bench's PostgreSQL databases: making a fresh one, making one if missing, dropping one, and reachability. */
import pg from 'pg';

/** The database a URL names (quoted for SQL), and a client on its server's `postgres` database, closed after `work`. */
async function onServerOf<T>(
  databaseUrl: string,
  work: (client: pg.Client, name: string, quoted: string) => Promise<T>,
): Promise<T> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client, name, `"${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Drops and creates `name` on the server of `serverUrl`; answers the new database's URL. */
export async function freshPgDatabase(serverUrl: string, name: string): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  await onServerOf(url.toString(), async (client, _name, quoted) => {
    await client.query(`drop database if exists ${quoted} with (force)`);
    await client.query(`create database ${quoted}`);
  });
  return url.toString();
}

/** Creates the database of `databaseUrl` if its server does not have it yet; leaves one that exists as it is. */
export async function ensurePgDatabase(databaseUrl: string): Promise<void> {
  await onServerOf(databaseUrl, async (client, name, quoted) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${quoted}`);
  });
}

export async function dropPgDatabase(databaseUrl: string): Promise<void> {
  await onServerOf(databaseUrl, (client, _name, quoted) =>
    client.query(`drop database if exists ${quoted} with (force)`).then(() => undefined),
  );
}

export async function pgReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
