/**
 * The hostile-input sweep's generators of whole requests: path segments, query strings, paging
 * cursors, content types and credentials around a body from ./values.ts.
 */
import fc from 'fast-check';
import type { Endpoint, Param, Product } from './product.js';
import { bodyArb, hostileString, hostileValue, hugeNumber, validValue } from './values.js';

const RAW_SEGMENTS = [
  '..',
  '.',
  '../..',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%ff%fe',
  '%2F',
  ';',
  'a;b=c',
  '~root',
  '*',
  '%20',
  '+',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF',
];

function segmentArb(p: Product, param: Param): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: validValue(p, param.name, param.schema).map((v) => encode(String(v))) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileString.map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 1, arbitrary: fc.webSegment() },
    { weight: 1, arbitrary: fc.integer({ min: 90, max: 5000 }).map((n) => 'a'.repeat(n)) },
  );
}

function queryArb(p: Product, ep: Endpoint): fc.Arbitrary<string> {
  const own = ep.query.map((q) => q.name);
  const names = [
    // The endpoint's own parameters count three times: they are the ones that reach its code.
    ...own,
    ...own,
    ...own,
    'limit',
    'cursor',
    'offset',
    'status',
    'role',
    'state',
    'code',
    'error',
  ];
  const value = (name: string) => {
    const schema = ep.query.find((q) => q.name === name)?.schema ?? { type: 'string' };
    return fc.oneof(
      { weight: 3, arbitrary: validValue(p, name, schema).map(String) },
      {
        weight: 3,
        arbitrary: hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      },
      // Paging cursors are opaque to clients but decoded into SQL: well-formed wrappers round hostile contents.
      { weight: name === 'cursor' ? 8 : 1, arbitrary: cursorArb },
    );
  };
  const pair = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.constantFrom(...names).chain((n) => value(n).map((v) => `${encode(n)}=${encode(v)}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }))
        .map(([k, v]) => `${encode(k)}=${encode(v)}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__[role]=superadmin',
        'constructor[prototype][x]=1',
        'limit[]=1',
        'limit=1&limit=2',
        'limit',
        '=',
        '&&&',
        '%',
        'a=%zz',
        'cursor=%00',
        'limit=0x10',
        'limit=1e3',
        'limit=-0',
        'offset=99999999999999999999',
        'limit=%20%0A7',
      ),
    },
  );
  return fc.array(pair, { maxLength: 5 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

/** Paging cursors are base64url JSON: well-formed wrappers around hostile contents reach the SQL. */
const cursorArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '2024-01-01T00:00:00.000Z',
          '+275760-09-13T00:00:00.000Z',
          '-271821-04-20T00:00:00.000Z',
          '0001-01-01T00:00:00.000Z',
          '1970',
          '0',
          'x',
          '',
          'Infinity',
        ),
      },
      { weight: 2, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
      { weight: 1, arbitrary: hugeNumber },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    fc.oneof(
      { weight: 2, arbitrary: fc.uuid() },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '------------------------------------',
          '000000000000000000000000000000000000',
          'ffffffffffffffffffffffffffffffffffff',
          'a'.repeat(36),
          '{00000000-0000-0000-0000-000000000000}',
        ),
      },
      { weight: 1, arbitrary: hostileValue },
    ),
    fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  )
  .map(([at, id, asArray]) => Buffer.from(JSON.stringify(asArray ? [at, id] : { at, id })).toString('base64url'));

const contentTypeArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'application/vnd.api+json',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      '',
      ';;;',
      'application/json\u0000',
    ),
  },
);

const SAME_AS_STATE = '\u0000same-as-state';
/** encodeURIComponent throws on a lone surrogate; a URL cannot carry one anyway. */
export const encode = (s: string) =>
  encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export interface HostileRequest {
  url: string;
  body: string | undefined;
  contentType: string;
  auth: 'role' | 'none' | 'garbage' | 'other-role';
  cookie: string | undefined;
  signature: 'valid' | 'garbage' | 'none';
}

export function requestArb(p: Product, ep: Endpoint): fc.Arbitrary<HostileRequest> {
  const segments = ep.pathParams.map((param) => segmentArb(p, param));
  return fc
    .record({
      segments: fc.tuple(...segments),
      query: queryArb(p, ep),
      body: bodyArb(p, ep),
      contentType: contentTypeArb,
      auth: fc.constantFrom('role', 'role', 'role', 'role', 'role', 'none', 'garbage', 'other-role'),
      cookie: fc.oneof<fc.Arbitrary<string | undefined>[]>(
        fc.constant(undefined),
        fc.constant(SAME_AS_STATE),
        fc.string({ maxLength: 60 }),
        fc.constantFrom(...((p.pools.state!.length ? p.pools.state! : ['none']) as string[])),
      ),
      signature: fc.constantFrom('valid', 'valid', 'garbage', 'none'),
    })
    .map(({ segments: values, query, body, contentType, auth, cookie, signature }) => {
      let i = 0;
      const path = ep.path.replace(/:\w+|\*/g, () => values[i++] ?? '');
      // The Google callback binds its state to a cookie: sometimes the two agree.
      const state = /[?&]state=([^&]*)/.exec(query)?.[1];
      const cookieValue = cookie === SAME_AS_STATE ? (state === undefined ? undefined : safeDecode(state)) : cookie;
      return {
        url: path + query,
        body,
        contentType,
        auth: auth as HostileRequest['auth'],
        cookie: cookieValue === undefined ? undefined : `rf_google_state=${encode(cookieValue)}`,
        signature: signature as HostileRequest['signature'],
      };
    });
}
