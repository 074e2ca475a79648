import { z } from 'zod';
import { descriptionField, emailField, nameField, phoneField, requiredId } from './common.js';

export const COMPUTER_TYPES = ['Desktop Computer', 'Laptop', 'Mac', 'Other'] as const;
export const URGENCIES = ['Low', 'Medium', 'Urgent'] as const;
export type Urgency = (typeof URGENCIES)[number];

/** The public repair-request form: the browser form and POST /api/contact/add share it. */
export const contactBodySchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  computerType: z.enum(COMPUTER_TYPES, { message: 'Choose a computer type' }),
  description: descriptionField,
  urgency: z.enum(URGENCIES, { message: 'Choose an urgency' }),
  mainServiceId: requiredId('Choose a main category'),
  subServiceId: requiredId('Choose a subcategory'),
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const contactResponseSchema = z.object({ success: z.literal(true) });
