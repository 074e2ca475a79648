/** What the admins' searches (tickets/search.ts, users/queries.ts) make of the text typed. */

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally (`\` is the escape). */
export const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a phone number looks like when typed: digits with spaces, +, dashes or brackets. */
const PHONE_LIKE = /^[\d\s()+-]+$/;

/** The digits of a search that looks like (part of) a phone number, three at least; otherwise undefined. */
export function phoneDigits(text: string): string | undefined {
  const digits = text.replace(/\D/g, '');
  return PHONE_LIKE.test(text) && digits.length >= 3 ? digits : undefined;
}
