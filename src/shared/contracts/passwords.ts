import { z } from 'zod';
import { LIMITS } from '../product.js';
import { passwordField } from './auth.js';
import { emailField } from './common.js';

/** How long a password reset link works (DECISIONS.md §7.3). */
export const RESET_LINK_MINUTES = 30;

/** "Forgot password?": the same answer whether or not the account exists (DECISIONS.md §7.3). */
export const forgotPasswordBodySchema = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;
export const forgotPasswordResponseSchema = z.object({ ok: z.literal(true) });

const resetTokenField = z
  .string({ message: 'The reset link is incomplete' })
  .trim()
  .min(1, 'The reset link is incomplete')
  .max(200);

/** The reset link's token and the new password; answers `{ user, token }` (signed in). */
export const resetPasswordBodySchema = z.object({ token: resetTokenField, password: passwordField });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/**
 * Whether a reset link still works (its page asks on opening): `{ ok: true }`, or 400 saying why not.
 * An undo link (emailed to the address a profile edit moved the account from) names the address it
 * puts back.
 */
export const checkResetLinkBodySchema = z.object({ token: resetTokenField });
export const checkResetLinkResponseSchema = z.object({ ok: z.literal(true), restoresEmail: z.string().optional() });
export type CheckResetLinkResponse = z.infer<typeof checkResetLinkResponseSchema>;

/** Change password while signed in; every other session ends. */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(LIMITS.passwordMax, 'Current password is incorrect'),
  newPassword: passwordField,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
