import type { RemoteAccess } from '../../../shared/contracts/messages.js';
import { serviceLabel } from '../../../shared/tickets.js';
import type { Db } from '../../db/client.js';
import type { PaymentRow, UserRow } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { existingServiceIds } from '../catalogue/queries.js';
import { updatePayment } from '../payments/queries.js';
import { findTicketView, insertTicket, lockTicket, updateTicket } from './queries.js';
import { linkOrderEvents, recordEvent } from './history.js';
import { isTicketCustomer, mayReadTicket, maySetRemoteAccess, unreadReader } from './policy.js';
import { serializeTicket } from './serialize.js';

/**
 * Makes the ticket a paid booking order stands for. Call inside the transaction that holds the
 * order's row lock, after checking it is paid and has no ticket yet; the unique booking_order_id
 * is the last line of defence against a second ticket.
 */
export async function createTicketFromOrder(tx: Db, order: PaymentRow, via: string): Promise<string> {
  const draft = order.draft;
  if (!draft) throw new Error(`booking order ${order.orderId} has no draft`);
  // The catalogue may have changed since the customer paid: keep the names, drop ids that are gone.
  const still = await existingServiceIds(tx, [draft.mainServiceId, draft.subServiceId]);
  const ticketId = await insertTicket(tx, {
    userId: order.userId,
    mainServiceId: still.has(draft.mainServiceId) ? draft.mainServiceId : null,
    subServiceId: still.has(draft.subServiceId) ? draft.subServiceId : null,
    mainServiceName: draft.mainServiceName,
    subServiceName: draft.subServiceName,
    service: serviceLabel(draft.mainServiceName, draft.subServiceName),
    description: draft.description,
    bookingOrderId: order.orderId,
  });
  await updatePayment(tx, order.orderId, { ticketId });
  // The booking's payment events were recorded before the ticket existed: link them now.
  await linkOrderEvents(tx, order.orderId, ticketId);
  await recordEvent(tx, {
    ticketId,
    orderId: order.orderId,
    actorId: order.userId,
    kind: 'created',
    detail: { via },
  });
  return ticketId;
}

/** A ticket as its customer sees it (engineer contact withheld until the in-progress fee is paid). */
export async function customerTicket(db: Db, customer: UserRow, ticketId: string) {
  const row = await findTicketView(db, ticketId, unreadReader(customer));
  if (!row) throw notFound('Ticket not found');
  if (!isTicketCustomer(customer, row)) throw forbidden('This ticket is not yours');
  return serializeTicket(row, 'customer', customer);
}

/** A ticket as `reader` sees it (its customer, its engineer or an admin: serializeTicket's viewer and reader). */
export async function ticketForReader(db: Db, reader: UserRow, ticketId: string) {
  const row = await findTicketView(db, ticketId, unreadReader(reader));
  if (!row) throw notFound('Ticket not found');
  if (!mayReadTicket(reader, row)) throw forbidden('This ticket is not yours');
  return serializeTicket(row, isTicketCustomer(reader, row) ? 'customer' : 'staff', reader);
}

/**
 * The customer gives (or corrects) the remote session's tool and id, until the ticket is completed;
 * the assigned engineer sees it while the ticket is in progress (serializeTicket, policy.ts). A change
 * is recorded and announced like any other (the engineer's open page asks for the ticket again); the
 * same tool and id again change nothing and announce nothing.
 */
export async function setRemoteAccess(db: Db, customer: UserRow, ticketId: string, access: RemoteAccess) {
  await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw notFound('Ticket not found');
    if (!isTicketCustomer(customer, ticket)) throw forbidden('This ticket is not yours');
    if (!maySetRemoteAccess(customer, ticket)) throw conflict('This ticket is completed: it takes no remote session');
    if (ticket.remoteTool === access.tool && ticket.remoteAccessId === access.accessId) return;
    await updateTicket(tx, ticketId, { remoteTool: access.tool, remoteAccessId: access.accessId });
    await recordEvent(tx, {
      ticketId,
      actorId: customer.id,
      kind: 'remote_access_set',
      detail: { replaced: ticket.remoteAccessId !== null },
    });
  });
  return customerTicket(db, customer, ticketId);
}
