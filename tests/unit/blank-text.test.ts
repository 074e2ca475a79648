import { describe, expect, it } from 'vitest';
import { serviceBodySchema } from '../../src/shared/contracts/admin.js';
import { descriptionField, nameField } from '../../src/shared/contracts/common.js';
import { completeTicketBodySchema } from '../../src/shared/contracts/tickets.js';

// SPEC.md §5: required text must not be blank or whitespace. Text made only of characters that show
// nothing (zero-width space, joiners, word joiner, a byte-order mark, bidi marks) is blank too; the
// same characters inside real text (an emoji sequence, Hindi or Malayalam with a joiner) are kept.
const FIELDS = {
  name: (v: string) => nameField.safeParse(v),
  description: (v: string) => descriptionField.safeParse(v),
  'service name': (v: string) => serviceBodySchema.shape.name.safeParse(v),
  remarks: (v: string) => completeTicketBodySchema.safeParse({ remarks: v }),
};

const BLANK = ['', '   ', '\u200b', '\u200b\u200c\u200d\u2060', '\ufeff', ' \u200e\u200f ', '\u00a0\u3000'];
const REAL = ['Asha', '👩‍💻 laptop', 'क्‍ष', 'ന്‍', 'Fixed\u200b it'];

describe.each(Object.entries(FIELDS))('%s', (_field, parse) => {
  it.each(BLANK)('refuses %j as blank', (value) => {
    const result = parse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/required|enter remarks/i);
  });

  it.each(REAL)('keeps %j as it is', (value) => {
    const result = parse(value);
    expect(result.success).toBe(true);
  });
});
