/**
 * What the server answers (400) when a new password is too easy to guess (DECISIONS.md §7.6). Apart
 * from the contracts, so only the forms that set a password carry these words.
 */
export const PASSWORD_REFUSALS = {
  tooCommon: 'This password is too common: choose one that is harder to guess.',
  personal:
    'This password is too easy to guess from your name, your email or this site: choose one that is harder to guess.',
} as const;

/** Whether an error message is the server refusing a password (the forms show it under the field). */
export const isPasswordRefusal = (message: string): boolean =>
  (Object.values(PASSWORD_REFUSALS) as string[]).includes(message);
