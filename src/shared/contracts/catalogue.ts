import { z } from 'zod';

export const serviceRefSchema = z.object({ id: z.string(), name: z.string() });
export type ServiceRef = z.infer<typeof serviceRefSchema>;

export const mainServicesResponseSchema = z.object({ mainServices: z.array(serviceRefSchema) });
export const subServicesResponseSchema = z.object({ subServices: z.array(serviceRefSchema) });
export type MainServicesResponse = z.infer<typeof mainServicesResponseSchema>;
export type SubServicesResponse = z.infer<typeof subServicesResponseSchema>;
