import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_PATHS, PAGE_META } from '../../src/shared/seo.js';
import { expectError, mainServices, signUp, subServices, uniqueEmail } from '../support/api.js';
import { pickEncoding } from '../../src/server/plugins/web.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every request of this file goes through here: no input, however malformed, may produce a 5xx. */
async function call(opts: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(opts);
  if (res.statusCode >= 500) throw new Error(`${opts.method} ${opts.url} answered ${res.statusCode}: ${res.body}`);
  return res;
}

const JSON_ROUTES = ['/api/signup', '/api/login', '/api/contact/add'];
const MARKETING = ['/', '/service', '/how-it-works', '/about', '/contact'];

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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

describe('not found', () => {
  it.each(['/api/no-such-route', '/api/admin/nothing/here', '/api'])(
    'answers the unknown API path %s with 404 JSON { error }',
    async (url) => {
      expectError(await call({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } }), 404);
      expectError(await call({ method: 'GET', url }), 404);
      expectError(await call({ method: 'POST', url, payload: {} }), 404);
    },
  );

  it('answers an unknown page with a 404 HTML page that says Page Not Found', async () => {
    const res = await call({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Page Not Found');
    expect(res.body).toMatch(/<title>[^<]*Page Not Found[^<]*<\/title>/);
  });

  it.each(['/index.html', '/app.html'])('does not send the page template %s as a file', async (url) => {
    const res = await call({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page Not Found');
  });

  it('answers a nested unknown page the same way', async () => {
    const res = await call({ method: 'GET', url: '/service/nothing/here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page Not Found');
  });
});

describe('marketing pages', () => {
  it('lists exactly the five marketing pages in PAGE_META', () => {
    expect([...MARKETING_PATHS].sort()).toEqual([...MARKETING].sort());
  });

  it.each(MARKETING)('serves %s as HTML with its own title, description and canonical link', async (path) => {
    const meta = PAGE_META[path]!;
    const res = await call({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    const titles = [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual([escapeHtml(meta.title)]);
    const descriptions = [...html.matchAll(/<meta\s+name="description"\s+content="([^"]*)"/g)].map((m) => m[1]);
    expect(descriptions).toEqual([escapeHtml(meta.description)]);
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl}${path}"`);
    expect(html).not.toContain('name="robots" content="noindex"');
  });

  it('gives every marketing page a different title and description', () => {
    const titles = MARKETING.map((p) => PAGE_META[p]!.title);
    const descriptions = MARKETING.map((p) => PAGE_META[p]!.description);
    expect(new Set(titles).size).toBe(MARKETING.length);
    expect(new Set(descriptions).size).toBe(MARKETING.length);
  });

  it('serves robots.txt listing the five marketing pages and the sitemap', async () => {
    const res = await call({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*/m);
    for (const path of MARKETING) {
      expect(res.body).toMatch(new RegExp(`^Allow: ${path === '/' ? '/\\$?' : path}$`, 'm'));
    }
    expect(res.body).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
    expect(res.body).toMatch(/^Disallow: \/api\/?$/m);
  });

  it('serves sitemap.xml listing exactly the five marketing pages', async () => {
    const res = await call({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(MARKETING.map((p) => `${t.config.publicUrl}${p}`).sort());
  });
});

describe('pages are sent compressed', () => {
  it('sends brotli or gzip to a browser that accepts it, the same page either way, and plain text otherwise', async () => {
    for (const url of [...MARKETING, '/dashboard']) {
      const plain = await call({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      const br = await call({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      const gzip = await call({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    }
    const notFound = await call({
      method: 'GET',
      url: '/no-such-page',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(notFound.statusCode).toBe(404);
    expect(brotliDecompressSync(notFound.rawPayload).toString('utf8')).toContain('Page Not Found');
  });

  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['BR;q=1.0, gzip;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', null],
    ['deflate', null],
  ])('reads Accept-Encoding %j as %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(res: LightMyRequestResponse) {
    const csp = String(res.headers['content-security-policy'] ?? '');
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const [name, ...values] = d.split(/\s+/);
          return [name!.toLowerCase(), values] as const;
        }),
    );
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
    expect(res.headers['referrer-policy']).not.toMatch(/unsafe-url|no-referrer-when-downgrade/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  }

  it('are present on a page', async () => {
    const res = await call({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });

  it('are present on an API answer, a success and an error alike', async () => {
    const ok = await call({ method: 'GET', url: '/api/admin/services/main' });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok);
    const bad = await call({ method: 'GET', url: '/api/me' });
    expect(bad.statusCode).toBe(401);
    expectSecurityHeaders(bad);
  });

  it('are present on the 404 page', async () => {
    const res = await call({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html' } });
    expectSecurityHeaders(res);
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

describe('OpenAPI', () => {
  it('GET /api/docs/json returns an OpenAPI document of the API', async () => {
    const res = await call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toContain('RemoteFix');
    expect(doc.paths['/api/signup']).toHaveProperty('post');
    expect(doc.paths['/api/login']).toHaveProperty('post');
    expect(doc.paths['/api/contact/add']).toHaveProperty('post');
    expect(doc.paths['/api/me']).toHaveProperty('get');
    expect(Object.keys(doc.paths)).toContain('/api/admin/services/{id}/sub');
  });
});

describe('while the server shuts down', () => {
  it('finishes the request in flight, then answers the next one on that connection with 503 { error }', async () => {
    const closing = await createTestApp();
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = closing.app.server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answer = (req: http.ClientRequest) =>
      new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
        });
        req.on('error', reject);
      });
    // In flight for sure: the headers are in, the body is still uploading when the shutdown starts.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const login = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/login',
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const loginAnswer = answer(login);
    login.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 150));
    const closed = closing.app.close();
    await new Promise((r) => setTimeout(r, 50));
    login.end(body.slice(10));
    expect((await loginAnswer).status).toBe(401);
    // The next request on that same kept-alive connection arrives while the app is closing.
    const next = answer(
      http.request({ host: '127.0.0.1', port, path: '/api/admin/services/main', method: 'GET', agent }).end(),
    );
    const nextAnswer = await next;
    expect(nextAnswer.status).toBe(503);
    expect(JSON.parse(nextAnswer.body)).toEqual({ error: 'The server is restarting. Please try again in a moment.' });
    expect(nextAnswer.connection).toBe('close');
    agent.destroy();
    await closed;
    await closing.close(); // the database and its PostgreSQL copy too (closing the app again is a no-op)
  });
});
