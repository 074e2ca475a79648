import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_PATHS, PAGE_META } from '../../src/shared/seo.js';
import { expectError, injectNo5xx } from '../support/api.js';
import { pickEncoding } from '../../src/server/plugins/web.js';
import { expectSecurityHeaders } from '../support/security-headers.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every request of this file goes through here: no input, however malformed, may produce a 5xx. */
const call = (opts: InjectOptions) => injectNo5xx(t, opts);

const LEGAL = {
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/refund-policy': 'Refund and Cancellation Policy',
};
const MARKETING = ['/', '/service', '/how-it-works', '/about', '/contact', ...Object.keys(LEGAL)];

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('not found', () => {
  it.each([
    '/api/no-such-route',
    '/api/admin/nothing/here',
    '/api',
    // Unknown addresses under the other API roots.
    '/payment-status',
    '/webhooks/nothing',
    '/test-checkout',
  ])('answers the unknown API path %s with 404 JSON { error }', async (url) => {
    expectError(await call({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } }), 404);
    expectError(await call({ method: 'GET', url }), 404);
    expectError(await call({ method: 'POST', url, payload: {} }), 404);
  });

  it.each(['/order', '/order-inprogress', '/verify'])(
    'answers GET %s, a payment route that takes POST only, with 404 JSON { error } even to a browser',
    async (url) => {
      expectError(await call({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } }), 404);
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

describe('a page path with a trailing slash', () => {
  it.each(Object.keys(PAGE_META).filter((path) => path !== '/'))(
    'sends %s/ to the page itself (301), keeping the query',
    async (path) => {
      const res = await call({ method: 'GET', url: `${path}/?ref=mail&x=%20y`, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`${path}?ref=mail&x=%20y`);
      expectSecurityHeaders(res);
      const bare = await call({ method: 'GET', url: `${path}/` });
      expect(bare.headers.location).toBe(path);
    },
  );

  it('is still a 404 for an unknown page or an API path', async () => {
    expect((await call({ method: 'GET', url: '/no-such-page/', headers: { accept: 'text/html' } })).statusCode).toBe(
      404,
    );
    expectError(await call({ method: 'GET', url: '/api/me/' }), 404);
    // Not an open redirect: `//evil.example/` is no page of ours.
    expect((await call({ method: 'GET', url: '//evil.example/', headers: { accept: 'text/html' } })).statusCode).toBe(
      404,
    );
  });
});

describe('marketing pages', () => {
  it('lists exactly the marketing pages (five, and three legal ones) in PAGE_META', () => {
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

  it('serves robots.txt listing the marketing pages and the sitemap', async () => {
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

  it('serves sitemap.xml listing exactly the marketing pages, the legal ones too', async () => {
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
