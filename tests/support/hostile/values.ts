/**
 * The hostile-input sweep's generators of values: hostile ones, valid ones for a field's schema
 * (preferring the product's real records), and the request bodies built from them.
 */
import fc from 'fast-check';
import { uniqueEmail } from '../api.js';
import type { Endpoint, JsonSchema, Product } from './product.js';

// ---------------------------------------------------------------------------------------------
// Generators.
// ---------------------------------------------------------------------------------------------

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u001f\u007f',
  '\u001b[2J\u001b[31mred',
  '\r\n\t\v\f',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  '\u202e\u200b\ufeff',
  '💥'.repeat(40),
  "' OR 1=1 --",
  '"; drop table users; --',
  '\\',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '------------------------------------',
  '2024-13-45T99:99:99Z',
  'order_test_' + 'x'.repeat(80),
  'a@b',
  'A@EXAMPLE.COM',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 6000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }).map((n) => '\u0000'.repeat(n)) },
);

export const hugeNumber = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  1e21,
  -1e21,
  2 ** 31,
  2 ** 53 + 2,
  2 ** 64,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
);

/** Nested hundreds deep: objects in arrays in objects. */
const deepNesting = fc.integer({ min: 20, max: 400 }).map((depth) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 3, maxKeys: 5 }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type);

/** A value the field's schema accepts (mostly), preferring real records so requests reach the data. */
export function validValue(p: Product, name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  const pool = p.pools[name];
  const fromPool = pool && pool.length > 0 ? fc.constantFrom(...pool) : undefined;
  const own = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.anyOf?.[0]) return validValue(p, name, schema.anyOf[0]);
    if (schema.properties) return shapedBody(p, schema, 'valid');
    const type = typeOf(schema);
    if (schema.format === 'uuid' || /(^id|Id)$/.test(name)) return fc.uuid();
    if (/email/i.test(name)) return fc.oneof(fc.constant(uniqueEmail('fuzz')), fc.emailAddress());
    if (/phone/i.test(name)) return fc.constantFrom('+91 98765 43210', '(555) 123-4567', '0044 20 7946 0958');
    if (/password/i.test(name)) return fc.constantFrom('correct-horse-42', 'another-long-password');
    if (type === 'integer')
      return fc.integer({
        min: schema.minimum ?? -1_000_000,
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000),
      });
    if (type === 'number') return fc.double({ noNaN: true, noDefaultInfinity: true });
    if (type === 'boolean') return fc.boolean();
    if (type === 'array') return fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 });
    if (type === 'object')
      return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), {
        maxKeys: 4,
      });
    const min = Math.max(schema.minLength ?? 0, 1);
    const max = Math.max(min, Math.min(schema.maxLength ?? 60, 60));
    return fc.string({ minLength: min, maxLength: max }).filter((s) => s.trim().length > 0);
  })();
  const withNull = schema.nullable ? fc.oneof(own, fc.constant(null)) : own;
  return fromPool ? fc.oneof({ weight: 2, arbitrary: fromPool }, { weight: 1, arbitrary: withNull }) : withNull;
}

const MISSING = Symbol('missing');

/** The route's real shape, each field either right, of a wrong type, hostile, or missing. */
export function shapedBody(
  p: Product,
  schema: JsonSchema,
  validity: 'valid' | 'mixed',
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).map(([name, s]) =>
    validity === 'valid'
      ? validValue(p, name, s).map((v) => [name, v] as const)
      : fc
          .oneof(
            { weight: 5, arbitrary: validValue(p, name, s) },
            { weight: 3, arbitrary: hostileValue },
            { weight: 1, arbitrary: fc.constant(MISSING) },
          )
          .map((v) => [name, v] as const),
  );
  const extra =
    validity === 'valid'
      ? fc.constant([] as [string, unknown][])
      : fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom('role', 'userId', 'amount', 'id', 'isAdmin', 'constructor', 'status', 'engineerId'),
              fc.string({ maxLength: 12 }),
            ),
            hostileValue,
          ),
          { maxLength: 3 },
        );
  // A main service and a sub-service of it, now and then, so that some bookings and requests go through.
  const pairs = p.pools.servicePair as [string, string][];
  const pair =
    'subServiceId' in (schema.properties ?? {}) && pairs.length
      ? fc.option(fc.constantFrom(...pairs))
      : fc.constant(null);
  return fc.tuple(fc.tuple(...fields), extra, pair).map(([own, more, services]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of [...own, ...more]) if (v !== MISSING) out[k] = v;
    if (services) [out.mainServiceId, out.subServiceId] = services;
    return out;
  });
}

/**
 * The route's real shape, every field right but one, which is a hostile string: it gets as far into
 * the route as a valid body does (a booking description with half a surrogate pair reaches jsonb).
 */
function oneHostileField(p: Product, schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.entries(schema.properties ?? {})
    .filter(([, s]) => typeOf(s) === 'string' && !s.enum && s.format !== 'uuid')
    .map(([name]) => name);
  if (!names.length) return shapedBody(p, schema, 'valid');
  // Plain text with something awkward inside it, as often as the hostile strings themselves.
  const awkward = fc.oneof(
    hostileString,
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom(...NASTY_STRINGS))
      .map(([text, nasty]) => `${text}${nasty}`),
  );
  return fc
    .tuple(shapedBody(p, schema, 'valid'), fc.constantFrom(...names), awkward)
    .map(([body, name, value]) => ({ ...body, [name]: value }));
}

/** Raw request text that is not what the route expects at all. */
const rawHostileBody: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '{"a":',
    '{"a":1}}',
    "{'a':1}",
    '[',
    'null',
    'true',
    '0',
    '""',
    '{"__proto__":{"role":"superadmin"}}',
    '{"constructor":{"prototype":{"role":"superadmin"}}}',
    '{"amount":1e999,"limit":-1e999}',
    '{"amount":123456789012345678901234567890,"ticketId":1e-400}',
    '{"x":"\\u0000\\ud800"}',
    '\u0000\u0000\u0000',
    '\ufeff{"a":1}',
  ),
  fc.integer({ min: 500, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 500, max: 9_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  fc.integer({ min: 100 * 1024 - 20, max: 100 * 1024 + 50 }).map((n) => JSON.stringify({ description: 'd'.repeat(n) })),
);

/**
 * The webhook reads its raw body itself, so the document has no schema for it: this is the shape
 * Razorpay sends (the instance signs some of the bodies, so they reach the parsing and the data).
 */
const WEBHOOK_EVENT: JsonSchema = {
  type: 'object',
  properties: {
    event: { enum: ['payment.captured', 'payment.failed', 'order.paid', 'refund.created'] },
    payload: {
      type: 'object',
      properties: {
        payment: {
          type: 'object',
          properties: {
            entity: {
              type: 'object',
              properties: {
                id: { type: 'string', maxLength: 30 },
                order_id: { type: 'string' },
                amount: { enum: [9900, 29900, 1, 0, -9900] },
                currency: { enum: ['INR', 'USD'] },
                error_description: { type: 'string' },
              },
            },
          },
        },
      },
    },
  },
};

/** A JSON-serialisable body, or raw text; `undefined` sends none. */
export function bodyArb(p: Product, ep: Endpoint): fc.Arbitrary<string | undefined> {
  const schema = ep.body ?? (ep.path === '/webhooks/razorpay' ? WEBHOOK_EVENT : undefined);
  const serialise = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
  const generic = fc.oneof(
    { weight: 2, arbitrary: fc.anything({ maxDepth: 3 }).map(serialise) },
    { weight: 2, arbitrary: rawHostileBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: hostileValue.map(serialise) },
  );
  if (!schema) return ep.method === 'GET' ? fc.constant(undefined) : generic;
  return fc.oneof(
    { weight: 5, arbitrary: shapedBody(p, schema, 'mixed').map(serialise) },
    { weight: 3, arbitrary: shapedBody(p, schema, 'valid').map(serialise) },
    { weight: 3, arbitrary: oneHostileField(p, schema).map(serialise) },
    { weight: 3, arbitrary: generic },
  );
}
