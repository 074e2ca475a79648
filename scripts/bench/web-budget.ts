/**
 * The web build's initial JavaScript and CSS per route, gzip-compressed with node:zlib.
 *
 * `/` is a marketing page: dist/web/index.html's entry script (site.tsx) and its static imports are
 * what a visit loads. The page imports what makes it live (hydrate-site-page and the home page's own
 * chunk, each with everything it imports statically; rolldown emits `import{…}from"./x.js"`) only when
 * it needs them (src/web/lib/page-boot.ts): at once for a visitor with a session, a carried toast or a
 * sign-in error, otherwise when the visitor reaches for a button or field or scrolls to the live
 * catalogue. Both figures are reported: initial (the entry) and live (everything).
 * `/dashboard` and `/admin` load dist/web/app.html's entry (the router, with both layouts) plus the
 * page's own chunk (found by name): their initial and live figures are the same. `/dashboard` is the
 * customer's: an engineer's dashboard loads on top of it, for engineers only. What a page loads
 * only when it is used (a form or dialog once opened, another admin tab) is not counted; neither is
 * what only a phone loads (All Tickets' cards: ticket-cards), nor
 * what depends on the data: a customer whose list holds a completed ticket also loads its rating
 * (the form's react-hook-form and zod) once the list shows it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib.js';

// zlib's default level, as Vite's own build report and a typical proxy use.
const GZIP_LEVEL = 6;

export interface RouteBudget {
  route: string;
  /** Every script the page runs once it is live. */
  js: string[];
  css: string[];
  jsRaw: number;
  /** What a visit loads before anything is used on the page (for `/`: the entry and its static imports). */
  initialJsGzip: number;
  /** What the page has loaded once it is live. */
  liveJsGzip: number;
  cssGzip: number;
}

export interface WebBudget {
  gzipLevel: number;
  routes: RouteBudget[];
  /**
   * The Reports tab's charts (features/admin/components/report-charts.tsx, recharts), which /admin
   * loads only when the tab opens (issue 29): its chunk, and whether /admin's initial JS holds it.
   */
  reportCharts: { chunk: string; inAdminInitialJs: boolean };
}

/**
 * Route → its HTML template, the chunks (by file-name prefix) it loads on top of the entry, and
 * whether it loads them at once or only once the page is needed. Every live page also loads the
 * toaster (sonner) once it is idle (components/ui/toaster.tsx), counted with the rest.
 */
const TOASTER = 'toaster-impl-';
const REPORT_CHARTS = 'report-charts-';
const ROUTES: Record<string, { html: string; lazy: string[]; lazyAtOnce: boolean }> = {
  '/': { html: 'index.html', lazy: ['hydrate-site-page-', 'home-page-', TOASTER], lazyAtOnce: false },
  '/dashboard': { html: 'app.html', lazy: ['dashboard-page-', TOASTER], lazyAtOnce: true },
  '/admin': { html: 'app.html', lazy: ['admin-dashboard-', TOASTER], lazyAtOnce: true },
};

// Static forms only: `import{a}from"./x.js"`, `import"./x.js"`, `import*as a from"./x.js"`, `export{a}from"./x.js"`.
// A dynamic `import("./x.js")` has a parenthesis after `import` and is not matched.
const STATIC_IMPORT =
  /(?:\bimport|\bexport)\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+|\*)?\s*(?:from\s*)?["'](\.\/[^"']+\.js)["']/g;

export function webBudget(dist = join(ROOT, 'dist/web')): WebBudget {
  const assets = join(dist, 'assets');
  const template = (name: string) => {
    const html = readFileSync(join(dist, name), 'utf8');
    const entry = /<script[^>]*type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
    if (!entry) throw new Error(`no entry script in dist/web/${name}`);
    const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/g)].map(
      (m) => m[1] ?? '',
    );
    return { entry, css };
  };
  const files = readdirSync(assets);
  const gz = new Map<string, { raw: number; gzip: number }>();
  const size = (name: string) => {
    let s = gz.get(name);
    if (!s) {
      const buf = readFileSync(join(assets, name));
      s = { raw: buf.length, gzip: gzipSync(buf, { level: GZIP_LEVEL }).length };
      gz.set(name, s);
    }
    return s;
  };
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length) {
      const name = queue.shift() as string;
      if (seen.has(name) || !existsSync(join(assets, name))) continue;
      seen.add(name);
      const code = readFileSync(join(assets, name), 'utf8');
      for (const m of code.matchAll(STATIC_IMPORT)) queue.push((m[1] ?? '').replace(/^\.\//, ''));
    }
    return [...seen];
  };

  const routes = Object.entries(ROUTES).map(([route, { html, lazy: prefixes, lazyAtOnce }]) => {
    const { entry, css } = template(html);
    const lazy = prefixes.map((p) => {
      const found = files.find((f) => f.startsWith(p) && f.endsWith('.js'));
      if (!found) throw new Error(`no ${p}*.js chunk in dist/web/assets for ${route}`);
      return found;
    });
    const js = closure([entry, ...lazy]);
    // A lazy chunk's own stylesheet, if the build split one out, is named after it.
    const routeCss = [...css, ...lazy.map((l) => l.replace(/\.js$/, '.css')).filter((c) => files.includes(c))];
    const gzip = (names: string[]) => names.reduce((n, f) => n + size(f).gzip, 0);
    return {
      route,
      js,
      css: routeCss,
      jsRaw: js.reduce((n, f) => n + size(f).raw, 0),
      initialJsGzip: gzip(lazyAtOnce ? js : closure([entry])),
      liveJsGzip: gzip(js),
      cssGzip: routeCss.reduce((n, f) => n + size(f).gzip, 0),
    };
  });
  const chunk = files.find((f) => f.startsWith(REPORT_CHARTS) && f.endsWith('.js'));
  if (!chunk) throw new Error(`no ${REPORT_CHARTS}*.js chunk in dist/web/assets`);
  const admin = routes.find((r) => r.route === '/admin');
  return {
    gzipLevel: GZIP_LEVEL,
    routes,
    reportCharts: { chunk, inAdminInitialJs: Boolean(admin?.js.includes(chunk)) },
  };
}
