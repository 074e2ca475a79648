import { z } from 'zod';
import { STAFF_ROLES } from '../roles.js';
import { authResponseSchema, userSchema } from './auth.js';

/** Who may turn on two-factor sign-in for their own account (DECISIONS.md §7.6): staff, not customers. */
export const TWO_FACTOR_ROLES = ['engineer', ...STAFF_ROLES] as const;

/** Recovery codes made when two-factor sign-in is turned on, each usable once. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code from the authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`). Spaces and dashes
 * are ignored and letters compared in lower case, as people copy and type them.
 */
export const twoFactorCodeField = z
  .string({ message: 'Enter the code' })
  .max(64, 'That is not a valid code')
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .refine((v) => v.length > 0, 'Enter the code')
  .refine((v) => /^(\d{6}|[a-z0-9]{10})$/.test(v), 'Enter the 6-digit code from your app, or a recovery code');

export const twoFactorCodeBodySchema = z.object({ code: twoFactorCodeField });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBodySchema>;

/** The answer to set-up: the only time the secret leaves the server. `qrDataUrl` is a PNG of `otpauthUrl`. */
export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** The recovery codes, shown once: only their hashes are kept. */
export const twoFactorEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });

/** `POST /api/login` for an account with two-factor sign-in on: no token yet. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });

export const loginResponseSchema = z.union([authResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const loginTwoFactorBodySchema = z.object({
  challenge: z
    .string({ message: 'Please log in again' })
    .min(1, 'Please log in again')
    .max(2000, 'Please log in again'),
  code: twoFactorCodeField,
});
export type LoginTwoFactorBody = z.input<typeof loginTwoFactorBodySchema>;

/**
 * An account as the admin's user list shows it: the public fields, whether two-factor sign-in is on,
 * and when an admin suspended it (null while it is not).
 */
export const adminUserSchema = userSchema.extend({ twoFactorEnabled: z.boolean(), suspendedAt: z.string().nullable() });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserResponseSchema = z.object({ user: adminUserSchema });
