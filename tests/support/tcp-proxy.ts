import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback between the app and PostgreSQL that can freeze: while frozen, it keeps
 * every connection open but forwards nothing either way (a hung network path, or a database that
 * stopped answering without closing anything). What arrived meanwhile is sent on when it thaws.
 */
export interface TcpProxy {
  port: number;
  /** A postgres:// URL through the proxy, from one that points at the server itself. */
  urlFor(databaseUrl: string): string;
  /** `existing`: only the connections open now go silent; new ones are forwarded as usual. */
  freeze(scope?: 'all' | 'existing'): void;
  thaw(): void;
  /** Connections accepted so far. */
  readonly accepted: number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  frozen: boolean;
  held: { to: Socket; data: Buffer }[];
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let freezeNew = false;
  let accepted = 0;

  const forward = (pair: Pair, to: Socket) => (data: Buffer) => {
    if (pair.frozen) pair.held.push({ to, data });
    else to.write(data);
  };

  const server = createServer((client) => {
    accepted++;
    const upstream = connect(target.port, target.host);
    const pair: Pair = { client, upstream, frozen: freezeNew, held: [] };
    pairs.add(pair);
    client.on('data', forward(pair, upstream));
    upstream.on('data', forward(pair, client));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');

  return {
    port: address.port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(address.port);
      return url.toString();
    },
    freeze(scope = 'all') {
      for (const pair of pairs) pair.frozen = true;
      freezeNew = scope === 'all';
    },
    thaw() {
      freezeNew = false;
      for (const pair of pairs) {
        pair.frozen = false;
        for (const { to, data } of pair.held.splice(0)) to.write(data);
      }
    },
    get accepted() {
      return accepted;
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
