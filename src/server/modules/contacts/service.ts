import type { z } from 'zod';
import type { contactBodySchema } from '../../../shared/contracts/contact.js';
import type { Db } from '../../db/client.js';
import { resolveServicePair } from '../catalogue/service.js';
import type { Notices } from '../email/notices.js';
import { decodeCursor, pageOf } from '../../lib/paging.js';
import { type ContactRow, insertContactRequest, listContactRequests, setContactHandled } from './queries.js';
import { notFound } from '../../lib/errors.js';

type ContactInput = z.output<typeof contactBodySchema>;

/**
 * Stores a public repair request (the service names are kept so it still reads right if the catalogue
 * changes) and, in the same transaction, its email to the support address.
 */
export async function submitContactRequest(db: Db, notices: Notices, input: ContactInput) {
  const { main, sub } = await resolveServicePair(db, input.mainServiceId, input.subServiceId);
  return db.transaction(async (tx) => {
    const request = await insertContactRequest(tx, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      computerType: input.computerType,
      description: input.description,
      urgency: input.urgency,
      mainServiceId: main.id,
      subServiceId: sub.id,
      mainServiceName: main.name,
      subServiceName: sub.name,
    });
    await notices.repairRequest(tx, request);
    return request;
  });
}

/** A request as the admin's list answers it. */
function contactView(c: ContactRow) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    computerType: c.computerType,
    description: c.description,
    urgency: c.urgency,
    mainServiceId: c.mainServiceId,
    subServiceId: c.subServiceId,
    mainService: { name: c.mainServiceName },
    subService: { name: c.subServiceName },
    createdAt: c.createdAt.toISOString(),
    handledAt: c.handledAt?.toISOString() ?? null,
    hasAccount: c.hasAccount,
  };
}

/** Admin: the requests, newest first, paged; all, or only the open or the handled ones, or those matching a search. */
export async function contactRequestPage(
  db: Db,
  q: { limit: number; cursor?: string | undefined; handled?: boolean | undefined; search?: string | undefined },
) {
  const { limit } = q;
  const rows = await listContactRequests(db, { ...q, cursor: decodeCursor(q.cursor) });
  const { page, nextCursor } = pageOf(rows, limit);
  return { contacts: page.map(contactView), nextCursor };
}

/** Admin: marks a request handled or open again (issue 29). */
export async function markContactHandled(db: Db, id: string, handled: boolean) {
  const row = await setContactHandled(db, id, handled);
  if (!row) throw notFound('Contact request not found');
  return { contact: contactView(row) };
}
