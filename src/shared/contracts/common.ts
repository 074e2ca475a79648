import { z } from 'zod';
import { LIMITS } from '../product.js';

// In the browser the CSP forbids eval: zod's JIT would probe `new Function` on the first parse and
// Chrome logs that as a CSP violation (Lighthouse best practices: "Issues" panel). Every contract
// imports this file, so this runs before any schema is used. The server keeps the JIT.
if ('document' in globalThis) z.config({ jitless: true });

/** Every error the API answers: `{ error: "<human message>" }`. */
export const errorSchema = z.object({ error: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

export const idSchema = z.uuid({ message: 'Invalid id' });
export const idParamsSchema = z.object({ id: idSchema });

// Control characters other than tab and line breaks have no place in a form field (and PostgreSQL refuses NUL).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// Half of a surrogate pair ("\ud800" is valid JSON) is no character: PostgreSQL refuses it in jsonb
// and would store U+FFFD for it in text.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether free text holds only characters a form field may store. */
export const hasOnlyAllowedChars = (s: string) => !CONTROL_CHARS.test(s) && !UNPAIRED_SURROGATE.test(s);

const DISALLOWED_CHARS = new RegExp(`${CONTROL_CHARS.source}|${UNPAIRED_SURROGATE.source}`, 'g');

/** Text from elsewhere (a provider's message) with what a form field may not store replaced by U+FFFD. */
export const replaceDisallowedChars = (s: string) => s.replace(DISALLOWED_CHARS, '\uFFFD');

// Spaces and format characters (zero-width space and joiners, word joiner, bidi marks) show nothing
// on their own. Inside real text they stay: joiners shape emoji sequences and Indic scripts.
const BLANK = /^[\s\p{Cf}]*$/u;

/** Whether text shows nothing: empty, spaces, or only invisible format characters. */
export const isBlank = (s: string) => BLANK.test(s);

/** Required free text: trimmed, not blank, at most `max` characters, no control characters. */
export const requiredText = (
  label: string,
  max: number,
  {
    missing = `${label} is required`,
    disallowed = `${label} contains characters that are not allowed`,
  }: { missing?: string; disallowed?: string } = {},
) =>
  z
    .string({ message: missing })
    .trim()
    .min(1, missing)
    .refine((s) => !isBlank(s), missing)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasOnlyAllowedChars, disallowed);

/** A required reference to a record, with the form's own wording when it is missing. */
export const requiredId = (missing: string) => z.string({ message: missing }).trim().min(1, missing).pipe(idSchema);

/** A person's name: one line, as every email, receipt and list shows it (a line break could fake one). */
export const nameField = requiredText('Name', LIMITS.nameMax).refine(
  (s) => !/[\t\r\n]/.test(s),
  'Name must be on one line',
);

export const emailField = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(LIMITS.emailMax, 'Email is too long')
  .pipe(z.email({ message: 'Enter a valid email address' }))
  .transform((e) => e.toLowerCase());

export const phoneField = z
  .string({ message: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .regex(/^\+?[0-9 ()-]+$/, 'Enter a valid phone number')
  .refine((p) => {
    const digits = p.replace(/\D/g, '').length;
    return digits >= LIMITS.phoneMin && digits <= 15;
  }, 'Enter a valid phone number')
  .pipe(z.string().max(LIMITS.phoneMax, 'Enter a valid phone number'));

export const descriptionField = requiredText('Description', LIMITS.descriptionMax);
