import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fastifyStatic from '@fastify/static';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GOOGLE_DONE } from '../../shared/contracts/auth.js';
import {
  MARKETING_PATHS,
  NOT_FOUND_META,
  PAGE_META,
  type PageMeta,
  TICKET_META,
  TICKET_PAGE,
} from '../../shared/seo.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { CATALOGUE_SEED_ID, type RenderedPage } from '../../shared/site-render.js';
import type { Config } from '../config.js';
import { scriptJson } from '../lib/script-json.js';
import { publicAppConfig } from '../public-config.js';
import { type CatalogueSource, liveSitePages } from './live-site-pages.js';

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

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

/**
 * A marketing page paints from its HTML alone (markup and stylesheet inline). Its one script in the
 * HTML, the small entry that loads the rest after the first paint (src/web/site.tsx), is fetched at
 * low priority so that on a slow connection it gives way to what the paint needs (the font).
 */
const LOW_PRIORITY = 'fetchpriority="low"';

// Each page's HTML compressed once (per process: the API tests build hundreds of apps), not per
// request. The pages served lately are kept: the catalogue's pages change when the catalogue does.
type Compressed = { br: Buffer; gzip: Buffer };
const compressedPages = new Map<string, Compressed>();
const KEPT_COMPRESSED = 64;
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP = { level: 9 };

function keep(html: string, page: Compressed) {
  compressedPages.delete(html);
  compressedPages.set(html, page);
  for (const oldest of compressedPages.keys()) {
    if (compressedPages.size <= KEPT_COMPRESSED) break;
    compressedPages.delete(oldest);
  }
  return page;
}

function compressed(html: string) {
  const page = compressedPages.get(html);
  return keep(html, page ?? { br: brotliCompressSync(html, BROTLI), gzip: gzipSync(html, GZIP) });
}

/** Compresses a page off the main thread (zlib's pool) before it is served: a page rendered again while serving. */
async function compressAhead(html: string) {
  if (compressedPages.has(html)) return;
  const [br, gz] = await Promise.all([promisify(brotliCompress)(html, BROTLI), promisify(gzip)(html, GZIP)]);
  keep(html, { br, gzip: gz });
}

/** The best encoding the client accepts for a page; `;q=0` means "not this one". */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim())
      .filter((part) => !/;\s*q\s*=\s*0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Pages whose address carries a credential until their script takes it out: the end of Google
 * sign-in (a session token), the password reset link and the unsubscribe link (their tokens).
 */
const TOKEN_PAGES = new Set([GOOGLE_DONE.path, '/reset-password', '/unsubscribe']);

/**
 * Serves the built web app. The marketing pages and the not-found page go out rendered (the web
 * build's server entry renders them once at start-up, with this deployment's public config) and
 * come alive with site.tsx; the app pages (dashboards, admin, sign-in callback) are app.html,
 * rendered in the browser. Every page carries its own title, description and canonical link.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    { config, apiRoots, catalogue }: { config: Config; apiRoots: ReadonlySet<string>; catalogue: CatalogueSource },
  ) => {
    const dist = findWebDist();
    const read = (name: string) =>
      dist && existsSync(join(dist, name)) ? readFileSync(join(dist, name), 'utf8') : FALLBACK_TEMPLATE;
    // The rendered pages paint from their HTML alone: their stylesheet comes inside it, saving a round
    // trip before the first paint (the app pages, rendered by their scripts, keep the cached file).
    const siteTemplate = read('index.html')
      .replace(STYLESHEET, (link: string, file: string) => {
        const css = dist && existsSync(join(dist, file)) ? readFileSync(join(dist, file), 'utf8') : undefined;
        return css && !/<\/style/i.test(css) ? `<style>${css}</style>` : link;
      })
      .replace(/<(script type="module"|link rel="modulepreload")/g, `<$1 ${LOW_PRIORITY}`);
    const appTemplate = read('app.html');
    const publicConfig = publicAppConfig(config);
    // JSON inside a non-executed data block: allowed by the CSP, read by the app at start.
    const configJson = scriptJson(publicConfig);

    const render = (template: string, path: string, meta: PageMeta, page?: RenderedPage) => {
      // React writes resource hints (an image preload) ahead of the markup: they belong in <head>.
      const [, hints = '', body = ''] = /^((?:<link [^>]*\/>)*)([\s\S]*)$/.exec(page?.html ?? '') ?? [];
      const head = [
        `<title>${escapeHtml(meta.title)}</title>`,
        `<meta name="description" content="${escapeHtml(meta.description)}" />`,
        `<link rel="canonical" href="${escapeHtml(config.publicUrl + path)}" />`,
        meta.marketing ? '' : '<meta name="robots" content="noindex" />',
        `<script id="app-config" type="application/json">${configJson}</script>`,
        hints,
      ].join('');
      return template
        .replace(/<title>[\s\S]*?<\/title>/, '')
        .replace(/<meta name="description"[^>]*>/, '')
        .replace('</head>', `${head}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${seed(page)}`);
    };
    // A catalogue page hands its scripts the catalogue it shows, to hydrate from without asking again.
    const seed = (page?: RenderedPage) =>
      page?.catalogue
        ? `<script id="${CATALOGUE_SEED_ID}" type="application/json">${scriptJson(page.catalogue)}</script>`
        : '';

    // The catalogue's pages are rendered again when it changes (live-site-pages.ts): each path's
    // current HTML is looked up per request.
    const pages = new Map<string, string>();
    let notFoundPage = '';
    const renderSite = (rendered: RenderedPage[]) =>
      rendered.map((page) =>
        page.path === null
          ? { path: null, html: render(siteTemplate, '/404', NOT_FOUND_META, page) }
          : { path: page.path, html: render(siteTemplate, page.path, PAGE_META[page.path] ?? NOT_FOUND_META, page) },
      );
    const show = (site: { path: string | null; html: string }[]) => {
      for (const { path, html } of site) {
        if (path === null) notFoundPage = html;
        else pages.set(path, html);
      }
    };

    for (const [path, meta] of Object.entries(PAGE_META)) {
      pages.set(path, meta.marketing ? render(siteTemplate, path, meta) : render(appTemplate, path, meta));
    }
    notFoundPage = render(siteTemplate, '/404', NOT_FOUND_META);
    const ssrEntry = dist ? join(dirname(dist), 'ssr', 'entry-server.js') : undefined;
    if (ssrEntry && existsSync(ssrEntry)) {
      const stop = await liveSitePages({
        ssrEntry,
        config: publicConfig,
        catalogue,
        log: app.log,
        publish: async (rendered, first) => {
          const site = renderSite(rendered);
          // A page rendered again while serving is swapped in once compressed; until then requests
          // get it as it was. The first pages are compressed on their first request, as the app pages.
          if (!first) await Promise.all(site.map((page) => compressAhead(page.html)));
          show(site);
        },
      });
      app.addHook('onClose', stop);
    }

    const sendHtml = (request: FastifyRequest, reply: FastifyReply, status: number, html: string) => {
      reply.status(status).type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
      if (TOKEN_PAGES.has(request.routeOptions.url ?? '')) {
        // A token in the address until the page's script takes it out: the page's own requests
        // (scripts, font, styles) must not repeat it as their Referer, and the browser must not keep
        // the page under that address.
        reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store');
      } else {
        reply.header('Cache-Control', 'no-cache');
      }
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(html);
      return reply.header('Content-Encoding', encoding).send(compressed(html)[encoding]);
    };

    if (dist) {
      await app.register(fastifyStatic, {
        root: dist,
        index: false,
        wildcard: false,
        // The page templates are rendered into the routes below, never sent as they are.
        globIgnore: ['index.html', 'app.html'],
        // The build writes .br and .gz copies of each asset (vite.config.ts): sent as they are.
        preCompressed: true,
        setHeaders(res, filePath) {
          // Vite puts a content hash in every asset name: safe to cache for good.
          if (filePath.includes(`${join(dist, 'assets')}`)) {
            res.header('Cache-Control', 'public, max-age=31536000, immutable');
          }
        },
      });
    }

    for (const path of pages.keys()) {
      app.get(path, { config: { access: 'public' } }, (request, reply) =>
        sendHtml(request, reply, 200, pages.get(path) ?? notFoundPage),
      );
      if (path === '/') continue;
      // `/about/` is `/about`: one address a page for search engines, no 404 for a typed slash.
      app.get(`${path}/`, { config: { access: 'public' } }, (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(query < 0 ? path : path + request.url.slice(query), 301);
      });
    }

    // A ticket's own page: the app, for any id (the API says who may see the ticket).
    const ticketPage = render(appTemplate, '/tickets', TICKET_META);
    app.get(TICKET_PAGE.route, { config: { access: 'public' } }, (request, reply) =>
      sendHtml(request, reply, 200, ticketPage),
    );

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
      const isApi = apiRoots.has(/^\/([^/?]*)/.exec(request.url)?.[1] ?? '');
      if (request.method === 'GET' && !isApi && (accept.includes('text/html') || accept.includes('*/*') || !accept)) {
        return sendHtml(request, reply, 404, notFoundPage);
      }
      // No route, so no guard set it: the answer says nothing private, but a session may have asked.
      return reply.status(404).header('cache-control', 'no-store').send({ error: 'Not found' });
    });
  },
);
