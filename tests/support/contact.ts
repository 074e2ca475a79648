import { uniqueEmail } from './api.js';
import { post } from './booking.js';
import type { TestApp } from './test-app.js';

/** A valid request for the public contact form, under a fresh email; `overrides` replace any field. */
export const contactFormBody = (
  mainServiceId: string,
  subServiceId: string,
  overrides: Record<string, unknown> = {},
) => ({
  name: 'Ravi Kumar',
  email: uniqueEmail('contact'),
  phone: '+91 91234 56789',
  computerType: 'Laptop',
  description: 'My laptop will not boot past the logo.',
  urgency: 'Medium',
  mainServiceId,
  subServiceId,
  ...overrides,
});

/** POST /api/contact/add, which needs no login. */
export const submitContact = (t: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  post(t, '/api/contact/add', payload, headers);
