import type { FastifyBaseLogger } from 'fastify';
import type { LiveTicketEvent } from '../../../shared/contracts/events.js';
import { EVENT_HEARTBEAT_MS } from '../../../shared/live-events.js';
import { isStaff, type Role } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import type { Listener } from '../../db/listener.js';
import { ACCOUNT_CHANNEL, parseTicketNotice, TICKET_CHANNEL, type TicketNotice } from '../../events/ticket-notices.js';
import { findUserById } from '../auth/queries.js';
import { sessionHolds } from '../auth/sessions.js';
import { mayReadTicket, mayUseStaffNotes } from '../tickets/policy.js';

/** One open GET /api/events: whose session it is, and its connection. */
export interface EventStream {
  user: { id: string; role: Role; tokenVersion: number; sessionId: string | null };
  write(chunk: string): void;
  end(): void;
}

/**
 * This instance's open event streams. Committed ticket changes reach every instance as database
 * notifications (events/ticket-notices.ts); each goes to the streams whose user may read that ticket
 * (tickets/policy.ts), carrying its id and kind only. An account change (a trigger's notification)
 * ends that account's streams whose session no longer holds.
 */
export function createEventStreams({ db, listener, log }: { db: Db; listener: Listener; log: FastifyBaseLogger }) {
  // Indexed by who may read what: admins read every ticket, anyone else only tickets naming them.
  const admins = new Set<EventStream>();
  const byUser = new Map<string, Set<EventStream>>();
  const unsubscribe: Array<() => void> = [];
  let heartbeat: NodeJS.Timeout | undefined;

  const all = function* () {
    yield* admins;
    for (const set of byUser.values()) yield* set;
  };

  const deliver = (notice: TicketNotice) => {
    const event: LiveTicketEvent = { ticketId: notice.ticketId, kind: notice.kind, at: notice.at };
    const chunk = `event: ticket\ndata: ${JSON.stringify(event)}\n\n`;
    // An internal note is heard only by those who may read staff notes: never its customer.
    const mayHear = notice.audience === 'staff-notes' ? mayUseStaffNotes : mayReadTicket;
    const send = (stream: EventStream) => {
      if (mayHear(stream.user, notice)) stream.write(chunk);
    };
    for (const stream of admins) send(stream);
    for (const stream of byUser.get(notice.userId) ?? []) send(stream);
    if (notice.engineerId) for (const stream of byUser.get(notice.engineerId) ?? []) send(stream);
  };

  /** Ends the account's streams unless it still exists with the same role and their session holds (not logged out). */
  const recheck = async (userId: string) => {
    const streams = [...admins].filter((s) => s.user.id === userId).concat([...(byUser.get(userId) ?? [])]);
    if (streams.length === 0) return;
    const user = await findUserById(db, userId);
    for (const stream of streams) {
      const session = { version: stream.user.tokenVersion, sessionId: stream.user.sessionId };
      if (!user || !sessionHolds(user, session) || user.role !== stream.user.role) stream.end();
    }
  };

  return {
    async start() {
      unsubscribe.push(
        await listener.on(TICKET_CHANNEL, (payload) => {
          const notice = parseTicketNotice(payload);
          if (notice) deliver(notice);
        }),
        await listener.on(ACCOUNT_CHANNEL, (userId) => {
          recheck(userId).catch((err: unknown) => log.error({ err }, 'event streams: could not check an account'));
        }),
        // Notifications were missed while the listening connection was down: every stream ends, and
        // each client reconnects and asks again for what it shows.
        listener.onGap(() => {
          for (const stream of [...all()]) stream.end();
        }),
      );
      heartbeat = setInterval(() => {
        for (const stream of all()) stream.write(': ping\n\n');
      }, EVENT_HEARTBEAT_MS);
      heartbeat.unref();
    },

    /** Adds a stream; the returned function removes it (call it when its connection closes). */
    add(stream: EventStream): () => void {
      if (isStaff(stream.user.role)) admins.add(stream);
      else {
        let set = byUser.get(stream.user.id);
        if (!set) byUser.set(stream.user.id, (set = new Set()));
        set.add(stream);
      }
      return () => {
        admins.delete(stream);
        const set = byUser.get(stream.user.id);
        set?.delete(stream);
        if (set?.size === 0) byUser.delete(stream.user.id);
      };
    },

    get size() {
      let n = admins.size;
      for (const set of byUser.values()) n += set.size;
      return n;
    },

    /** Ends every stream at once (shutdown: an open stream would otherwise hold the drain). */
    endAll() {
      for (const stream of [...all()]) stream.end();
    },

    stop() {
      clearInterval(heartbeat);
      for (const off of unsubscribe.splice(0)) off();
    },
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
