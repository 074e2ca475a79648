import { connect } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, injectNo5xx, mainServices, signUp, subServices, uniqueEmail } from '../support/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every request of this file goes through here: no input, however malformed, may produce a 5xx. */
const call = (opts: InjectOptions) => injectNo5xx(t, opts);

const JSON_ROUTES = ['/api/signup', '/api/login', '/api/contact/add'];

describe('malformed input', () => {
  it.each(JSON_ROUTES)('answers malformed JSON on %s with 400 { error }', async (url) => {
    for (const payload of ['{"email": ', '{email: "a@b.co"}', "{'a': 1}", '{"a":1}}', 'undefined']) {
      const res = await call({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
      expectError(res, 400);
    }
  });

  it.each(JSON_ROUTES)('answers an empty JSON body on %s with 400 { error }', async (url) => {
    expectError(await call({ method: 'POST', url, payload: '', headers: { 'content-type': 'application/json' } }), 400);
  });

  it.each(JSON_ROUTES)('answers JSON that is not an object on %s with 400 { error }', async (url) => {
    for (const payload of ['null', '[]', '"text"', '42', 'true', '[{"email":"a@b.co"}]']) {
      expectError(await call({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } }), 400);
    }
  });

  it('refuses a prototype-pollution body with 400 and pollutes nothing', async () => {
    const payload =
      '{"__proto__":{"role":"admin"},"name":"X","email":"proto@example.com","phone":"+91 98765 43210","password":"long-enough-1"}';
    const res = await call({
      method: 'POST',
      url: '/api/signup',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it.each(JSON_ROUTES)('answers a body over 100 KB on %s with 413 { error }', async (url) => {
    const payload = JSON.stringify({ name: 'x', email: 'big@example.com', password: 'y'.repeat(101 * 1024) });
    expectError(await call({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } }), 413);
  });

  it('accepts a body just under the limit as far as size goes (then validates it)', async () => {
    const payload = JSON.stringify({
      name: 'x',
      email: 'big@example.com',
      password: 'y'.repeat(90 * 1024),
      phone: '+91 98765 43210',
    });
    // Over the password maximum, so 400; the point is that it is not 413.
    expectError(
      await call({ method: 'POST', url: '/api/signup', payload, headers: { 'content-type': 'application/json' } }),
      400,
    );
  });

  it.each([
    ['text/plain', '{"email":"a@example.com","password":"long-enough-1"}'],
    ['application/xml', '<login><email>a@example.com</email></login>'],
    ['application/x-www-form-urlencoded', 'email=a%40example.com&password=long-enough-1'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--x--',
    ],
  ])('answers a %s body on a JSON route with a 4xx { error }', async (contentType, payload) => {
    const res = await call({ method: 'POST', url: '/api/login', payload, headers: { 'content-type': contentType } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect([400, 415]).toContain(res.statusCode);
    expectError(res, res.statusCode);
  });

  it('answers deeply nested or oversized field values with 400, never 5xx', async () => {
    const nested = '{"a":'.repeat(2000) + '1' + '}'.repeat(2000);
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/signup',
          payload: nested,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
    const huge = {
      name: 'n'.repeat(5000),
      email: `${'e'.repeat(300)}@example.com`,
      phone: '9'.repeat(50),
      password: 'p'.repeat(500),
    };
    expectError(await call({ method: 'POST', url: '/api/signup', payload: huge }), 400);
    expectError(
      await call({ method: 'POST', url: '/api/login', payload: { email: 'a@example.com', password: 'p'.repeat(500) } }),
      400,
      'Password must be at most 128 characters',
    );
  });

  it('answers odd but well-formed strings without a 5xx', async () => {
    const odd = ["'; drop table users; --", '\u0000nul', '😀'.repeat(10), '\ud800', '<script>alert(1)</script>'];
    for (const value of odd) {
      await call({ method: 'POST', url: '/api/login', payload: { email: `${value}@example.com`, password: value } });
      await call({
        method: 'POST',
        url: '/api/signup',
        payload: { name: value, email: uniqueEmail('odd'), phone: '+91 98765 43210', password: `${value}-long-enough` },
      });
    }
    const [main] = await mainServices(t.app);
    const [sub] = await subServices(t.app, main!.id);
    for (const value of odd) {
      await call({
        method: 'POST',
        url: '/api/contact/add',
        payload: {
          name: value,
          email: uniqueEmail('odd'),
          phone: '+91 98765 43210',
          computerType: 'Mac',
          description: value,
          urgency: 'Low',
          mainServiceId: main!.id,
          subServiceId: sub!.id,
        },
      });
    }
  });

  it('refuses a NUL character in a stored text field with 400 and stores nothing', async () => {
    const email = uniqueEmail('nul');
    const signup = await call({
      method: 'POST',
      url: '/api/signup',
      payload: { name: 'a\u0000b', email, phone: '+91 98765 43210', password: 'long-enough-1' },
    });
    expectError(signup, 400);
    expectError(await call({ method: 'POST', url: '/api/login', payload: { email, password: 'long-enough-1' } }), 401);

    const s = await signUp(t);
    const profile = await call({
      method: 'PATCH',
      url: '/api/profile',
      headers: s.headers,
      payload: { name: 'x\u0000', email: s.user.email, phone: s.user.phone },
    });
    expectError(profile, 400);
    const me = await call({ method: 'GET', url: '/api/me', headers: s.headers });
    expect((me.json() as { user: { name: string } }).user.name).toBe(s.user.name);

    const [main] = await mainServices(t.app);
    const [sub] = await subServices(t.app, main!.id);
    const contact = await call({
      method: 'POST',
      url: '/api/contact/add',
      payload: {
        name: 'N',
        email: uniqueEmail('nul'),
        phone: '+91 98765 43210',
        computerType: 'Mac',
        description: 'broken\u0000',
        urgency: 'Low',
        mainServiceId: main!.id,
        subServiceId: sub!.id,
      },
    });
    expectError(contact, 400);
  });

  it('answers odd authorization headers and odd path ids without a 5xx', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer a b',
      `Bearer ${'x'.repeat(10_000)}`,
      'bearer ..',
      'Bearer eyJ.eyJ.sig',
    ]) {
      expectError(await call({ method: 'GET', url: '/api/me', headers: { authorization } }), 401);
    }
    for (const id of ['%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(2000), '%E0%A4%A']) {
      const res = await call({ method: 'GET', url: `/api/admin/services/${id}/sub` });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it('answers an unsupported method on a known route with a 4xx JSON { error }', async () => {
    const res = await call({ method: 'DELETE', url: '/api/login' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expectError(res, res.statusCode);
  });
});

describe('errors never leak internals', () => {
  it('error bodies carry only a human message, no stack or code', async () => {
    const s = await signUp(t);
    const responses = [
      await call({
        method: 'POST',
        url: '/api/signup',
        payload: '{bad',
        headers: { 'content-type': 'application/json' },
      }),
      await call({ method: 'POST', url: '/api/signup', payload: { ...s.user, password: 'long-enough-1' } }),
      await call({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer x' } }),
      await call({ method: 'GET', url: '/api/admin/services/nope/sub' }),
    ];
    for (const res of responses) {
      expect(Object.keys(res.json() as object)).toEqual(['error']);
      expect(res.body).not.toMatch(/stack|at .*\.ts:|node_modules|FST_ERR|SQLSTATE|drizzle|postgres/i);
    }
  });
});

/** Writes `request` to the listening app over a raw socket; the whole answer (the app closes it). */
function rawHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(request)}`)));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? resolve(answer) : reject(err)));
  });
}

// Issue 26: the framework's own refusals of malformed HTTP answered with its own body
// ({ error, message, statusCode }). Every 400 is `{ error }` and nothing else (DECISIONS §2).
describe('the framework’s own 400s answer { error } only', () => {
  it.each([
    [
      'malformed JSON',
      { method: 'POST', url: '/api/login', payload: '{bad', headers: { 'content-type': 'application/json' } },
    ],
    [
      'a wrong content type',
      { method: 'POST', url: '/api/login', payload: '<a/>', headers: { 'content-type': 'application/xml' } },
    ],
    ['a bad percent-encoding in the path', { method: 'GET', url: '/api/admin/services/%E0%A4%A/sub' }],
  ] as const)('%s', async (_name, opts) => {
    const res = await call(opts as InjectOptions);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(Object.keys(res.json() as object)).toEqual(['error']);
  });

  it.each([
    ['a header line without a colon', 'GET /api/me HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n'],
    ['a request line that is not HTTP', 'GARBAGE\r\n\r\n'],
    [
      'a bad chunked body',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    ],
    ['two Content-Lengths', 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
  ])('malformed HTTP: %s', async (_name, request) => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const answer = await rawHttp(port, request);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({ error: expect.any(String) });
    expect(Object.keys(JSON.parse(body) as object)).toEqual(['error']);
  });
});
