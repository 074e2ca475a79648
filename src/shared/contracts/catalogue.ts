import { z } from 'zod';

export const serviceRefSchema = z.object({ id: z.string(), name: z.string() });
export type ServiceRef = z.infer<typeof serviceRefSchema>;

export const mainServicesResponseSchema = z.object({ mainServices: z.array(serviceRefSchema) });
export const subServicesResponseSchema = z.object({ subServices: z.array(serviceRefSchema) });

/**
 * The public catalogue at one moment: the main services in catalogue order, and each one's
 * sub-services by its id. The server renders / and /service from it and hands the page the same
 * snapshot, which the page's scripts start from instead of asking the API again.
 */
export interface CatalogueSnapshot {
  mainServices: ServiceRef[];
  subServices: Record<string, ServiceRef[]>;
}
