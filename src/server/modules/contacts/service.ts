import type { z } from 'zod';
import type { contactBodySchema } from '../../../shared/contracts/contact.js';
import type { Db } from '../../db/client.js';
import { resolveServicePair } from '../catalogue/service.js';
import { insertContactRequest } from './queries.js';

type ContactInput = z.output<typeof contactBodySchema>;

/** Stores a public repair request; the service names are kept so it still reads right if the catalogue changes. */
export async function submitContactRequest(db: Db, input: ContactInput) {
  const { main, sub } = await resolveServicePair(db, input.mainServiceId, input.subServiceId);
  return insertContactRequest(db, {
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
}
