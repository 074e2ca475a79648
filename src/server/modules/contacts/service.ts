import type { z } from 'zod';
import type { contactBodySchema } from '../../../shared/contracts/contact.js';
import type { Db } from '../../db/client.js';
import { resolveServicePair } from '../catalogue/service.js';
import type { Notices } from '../email/notices.js';
import { decodeCursor, pageOf } from '../../lib/paging.js';
import { insertContactRequest, listContactRequests } from './queries.js';

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

/** Admin: the requests, newest first, paged. */
export async function contactRequestPage(db: Db, limit: number, cursor?: string) {
  const { page, nextCursor } = pageOf(await listContactRequests(db, limit, decodeCursor(cursor)), limit);
  return {
    contacts: page.map((c) => ({
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
    })),
    nextCursor,
  };
}
