import type { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
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
  /**
   * Whether notifications are arriving now: false while the connection is being re-made, and on
   * PostgreSQL while it has not heard its own heartbeat for a few seconds.
   */
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
 * A connection can stop answering without closing (a frozen network path: no error, no end), and
 * then it delivers nothing either. The listener proves it is live by hearing its own NOTIFY, sent
 * through it every HEARTBEAT_MS: it is live while the last one came back less than STALE_MS ago,
 * and a connection silent for LOST_MS is dropped and made again.
 */
const HEARTBEAT_MS = 1000;
const STALE_MS = 3000;
const LOST_MS = 10_000;

/**
 * PostgreSQL: one connection of its own (LISTEN holds a session, so it cannot come from the pool),
 * made on the first subscription and made again with backoff when it drops or falls silent.
 */
export function postgresListener(url: string): Listener {
  const sets = handlerSets();
  const gapHandlers = new Set<() => void>();
  // This listener's own channel: only its heartbeat is sent on it.
  const beatChannel = `rf_listener_${randomUUID().replaceAll('-', '')}`;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let lastBeat = 0;
  /** The connection a heartbeat is under way on (one at a time: on a frozen one they would pile up). */
  let beatingOn: pg.Client | undefined;
  let delay = RECONNECT_MIN_MS;

  const gap = () => {
    for (const handler of gapHandlers) handler();
  };
  const isLive = () => client !== undefined && Date.now() - lastBeat < STALE_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'remotefix-listener' });
    next.on('notification', (msg) => {
      if (msg.channel !== beatChannel) return sets.dispatch(msg.channel, msg.payload ?? '');
      if (client !== next) return;
      const wasLive = isLive();
      lastBeat = Date.now();
      // Silent for a while and answering again: what was derived meanwhile may be behind.
      if (!wasLive) gap();
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    for (const channel of [beatChannel, ...sets.channels.keys()]) {
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    }
    client = next;
    lastBeat = Date.now();
    delay = RECONNECT_MIN_MS;
  };

  const lost = (which: pg.Client) => {
    if (client !== which || closed) return;
    client = undefined;
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

  const heartbeat = setInterval(() => {
    const current = client;
    if (!current) return;
    if (Date.now() - lastBeat > LOST_MS) return lost(current);
    if (beatingOn === current) return;
    beatingOn = current;
    current
      .query(`notify ${pg.escapeIdentifier(beatChannel)}`)
      .catch(() => {})
      .finally(() => {
        if (beatingOn === current) beatingOn = undefined;
      });
  }, HEARTBEAT_MS);
  heartbeat.unref();

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
      return isLive();
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
