import { z } from 'zod';
import { LIMITS } from '../product.js';
import { ROLES } from '../roles.js';
import { emailField, nameField, phoneField } from './common.js';

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The password rule in the forms' words, under every field that sets one. */
export const PASSWORD_HINT = `At least ${LIMITS.passwordMin} characters, and not a common password`;

/**
 * A new password (signup, a user an admin creates). Whether it is too easy to guess (DECISIONS.md
 * §7.6) only the server checks, with an estimator too large for the browser; the forms show its
 * answer (password-refusals.ts) under the field.
 */
export const passwordField = z
  .string({ message: 'Password is required' })
  .min(1, 'Password is required')
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`)
  .refine((v) => v.trim() !== '', 'Password cannot be blank (only spaces)');

export const loginBodySchema = z.object({
  email: emailField,
  // Login does not re-check the length rule: a wrong password is just "Invalid credentials".
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** Signup ignores any `role` (or other) field: zod objects strip unknown keys. */
export const signupBodySchema = z.object({
  name: nameField,
  phone: phoneField,
  email: emailField,
  password: passwordField,
});
export type SignupBody = z.input<typeof signupBodySchema>;

export const profileBodySchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
});
export type ProfileBody = z.input<typeof profileBodySchema>;

export const authResponseSchema = z.object({ user: userSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const userResponseSchema = z.object({ user: userSchema });
/** POST /api/logout: the session is ended. */
export const logoutResponseSchema = z.object({ ok: z.literal(true) });

/**
 * The end of Google sign-in (DECISIONS.md §3): the callback sends the browser to
 * /auth/success?token=…&done=<one-time value> and gives that browser the same value in a cookie only
 * that page reads. A link with someone else's token comes without this browser's cookie, so it signs
 * no one in to the sender's account (login CSRF).
 */
export const GOOGLE_DONE = {
  cookie: 'rf_google_done',
  param: 'done',
  path: '/auth/success',
  maxAgeSeconds: 120,
} as const;
