import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

/**
 * The database's notifications (LISTEN/NOTIFY), one subscriber per process. A NOTIFY sent inside a
 * transaction is delivered when it commits and never if it rolls back, so a notice means "this
 * change is in the database" on every instance that listens.
 */
export interface Listener {
  on(channel: string, handler: NotificationHandler): Promise<() => void>;
  /**
   * Called when notifications may have been missed (the listening connection was lost) and again
   * when it is back: whatever was derived from them must be thrown away.
   */
  onGap(handler: () => void): () => void;
  /** Whether notifications are arriving now (false while the connection is being re-made). */
  readonly live: boolean;
  close(): Promise<void>;
}

/** Dispatch of payloads to handlers per channel, shared by both kinds of database. */
function handlerSets() {
  const channels = new Map<string, Set<NotificationHandler>>();
  return {
    channels,
    add(channel: string, handler: NotificationHandler) {
      let set = channels.get(channel);
      const isNew = !set;
      if (!set) channels.set(channel, (set = new Set()));
      set.add(handler);
      return isNew;
    },
    dispatch(channel: string, payload: string) {
      for (const handler of channels.get(channel) ?? []) handler(payload);
    },
  };
}

/** PGlite runs in this process: its own listen() is the whole mechanism. */
export function pgliteListener(client: PGlite): Listener {
  const sets = handlerSets();
  const unlisten: Array<() => Promise<void>> = [];
  return {
    async on(channel, handler) {
      if (sets.add(channel, handler)) {
        unlisten.push(await client.listen(channel, (payload) => sets.dispatch(channel, payload)));
      }
      return () => void sets.channels.get(channel)?.delete(handler);
    },
    onGap: () => () => {},
    live: true,
    async close() {
      await Promise.all(unlisten.map((stop) => stop().catch(() => {})));
    },
  };
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * PostgreSQL: one connection of its own (LISTEN holds a session, so it cannot come from the pool),
 * made on the first subscription and made again with backoff when it drops.
 */
export function postgresListener(url: string): Listener {
  const sets = handlerSets();
  const gapHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let live = false;
  let delay = RECONNECT_MIN_MS;

  const gap = () => {
    for (const handler of gapHandlers) handler();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'remotefix-listener' });
    next.on('notification', (msg) => sets.dispatch(msg.channel, msg.payload ?? ''));
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    for (const channel of sets.channels.keys()) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
    live = true;
    delay = RECONNECT_MIN_MS;
  };

  const lost = (which: pg.Client) => {
    if (client !== which || closed) return;
    client = undefined;
    live = false;
    which.end().catch(() => {});
    gap();
    const retry = () => {
      if (closed) return;
      connecting = connect().then(gap, () => {
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        setTimeout(retry, delay).unref();
      });
    };
    setTimeout(retry, delay).unref();
  };

  return {
    async on(channel, handler) {
      const isNew = sets.add(channel, handler);
      if (!client && !connecting) connecting = connect();
      await connecting;
      if (isNew && client) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return () => void sets.channels.get(channel)?.delete(handler);
    },
    onGap(handler) {
      gapHandlers.add(handler);
      return () => void gapHandlers.delete(handler);
    },
    get live() {
      return live;
    },
    async close() {
      closed = true;
      live = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
