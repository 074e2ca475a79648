import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { MARKETING_PATHS, NOT_FOUND_META, PAGE_META, type PageMeta } from '../../shared/seo.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import type { Config } from '../config.js';
import { publicAppConfig } from '../public-config.js';

function findWebDist(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'dist', 'web');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

// Used when the web app has not been built (API tests): still an honest page with the right title.
const FALLBACK_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>${PRODUCT_NAME}</title><meta name="description" content="" /></head><body><div id="root"></div></body></html>`;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Serves the built web app: each page's own title, description and canonical link in the HTML itself. */
export const webPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const dist = findWebDist();
  const template = dist ? readFileSync(join(dist, 'index.html'), 'utf8') : FALLBACK_TEMPLATE;
  // JSON inside a non-executed data block: allowed by the CSP, read by the app at start.
  const configJson = JSON.stringify(publicAppConfig(config)).replace(/</g, '\\u003c');

  const render = (path: string, meta: PageMeta) => {
    const head = [
      `<title>${escapeHtml(meta.title)}</title>`,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      `<link rel="canonical" href="${escapeHtml(config.publicUrl + path)}" />`,
      meta.marketing ? '' : '<meta name="robots" content="noindex" />',
      `<script id="app-config" type="application/json">${configJson}</script>`,
    ].join('');
    return template
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', `${head}</head>`);
  };
  const pages = new Map(Object.entries(PAGE_META).map(([path, meta]) => [path, render(path, meta)]));
  const notFoundPage = render('/404', NOT_FOUND_META);

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);

  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name: safe to cache for good.
        if (filePath.includes(`${join(dist, 'assets')}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  for (const [path, html] of pages) {
    app.get(path, { config: { access: 'public' } }, (_request, reply) => sendHtml(reply, 200, html));
  }

  app.get('/robots.txt', { config: { access: 'public' } }, (_request, reply) =>
    reply
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          ...MARKETING_PATHS.map((p) => `Allow: ${p === '/' ? '/$' : p}`),
          'Disallow: /dashboard',
          'Disallow: /admin',
          'Disallow: /api/',
          `Sitemap: ${config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { config: { access: 'public' } }, (_request, reply) =>
    reply
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${MARKETING_PATHS.map(
          (p) => `  <url><loc>${escapeHtml(config.publicUrl + p)}</loc></url>`,
        ).join('\n')}\n</urlset>\n`,
      ),
  );

  app.setNotFoundHandler((request, reply) => {
    const accept = request.headers.accept ?? '';
    const isApi = /^\/(api|webhooks|order|verify|payment-status|test-checkout)(\/|$|\?)/.test(request.url);
    if (request.method === 'GET' && !isApi && (accept.includes('text/html') || accept.includes('*/*') || !accept)) {
      return sendHtml(reply, 404, notFoundPage);
    }
    return reply.status(404).send({ error: 'Not found' });
  });
});
