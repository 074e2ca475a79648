import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { loadConfig } from './src/server/config.js';
import { publicAppConfig } from './src/server/public-config.js';

const API_PORT = Number(process.env.PORT ?? 3000);
const proxied = [
  '/api',
  '/order',
  '/order-inprogress',
  '/verify',
  '/payment-status',
  '/test-checkout',
  '/webhooks',
  '/healthz',
];

/**
 * In `npm run dev` the API server does not render the HTML: hand the app the same config it would,
 * and serve every page from app.html (the router has them all; site.tsx needs the server's rendering).
 */
const devAppConfig = (): Plugin => ({
  name: 'remotefix-dev-app-config',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? '/';
      const isPage =
        req.headers.accept?.includes('text/html') &&
        !url.startsWith('/@') &&
        !/\.[a-z0-9]+($|\?)/i.test(url.split('?')[0] ?? '');
      if (isPage) req.url = '/app.html';
      next();
    });
  },
  transformIndexHtml: (html) =>
    html.replace(
      '</head>',
      `<script id="app-config" type="application/json">${JSON.stringify(publicAppConfig(loadConfig())).replace(/</g, '\\u003c')}</script></head>`,
    ),
});

/**
 * Writes a .br and a .gz copy of every built script, stylesheet and image beside it, compressed once
 * at their best settings; the server sends them to browsers that accept them (@fastify/static
 * preCompressed), so no request pays for compression.
 */
const precompress = (): Plugin => ({
  name: 'remotefix-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    if (!options.dir) return;
    for (const name of Object.keys(bundle)) {
      if (!/\.(js|css|svg|json)$/.test(name)) continue;
      const file = join(options.dir, name);
      const data = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  },
});

/** The modules every live page runs (marketing pages once live, and every app page): see `shell` below. */
const SHELL = [
  'app/app-shell',
  'app/providers',
  'config/paths',
  'lib/api-client',
  'lib/auth',
  'lib/focus',
  'lib/token-store',
  'lib/utils',
  'components/ui/button',
  'components/ui/spinner',
  'components/ui/state',
  'components/ui/tooltip',
  'components/layout/logo',
  'components/layout/account-unavailable',
];
const webModules = (paths: string[]) =>
  new RegExp(`src[\\\\/]web[\\\\/](${paths.map((p) => p.replace(/\//g, '[\\\\/]')).join('|')})\\.`);

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), devAppConfig(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  build: isSsrBuild
    ? // `vite build --ssr entry-server.tsx`: the marketing pages' renderer for the server, self-contained.
      { outDir: '../../dist/ssr', emptyOutDir: true }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: true,
        // One stylesheet for every page, linked by the HTML (or inlined by the server in a rendered
        // page) and never added again by a lazily loaded chunk: a second copy would re-declare the
        // font and lay the page out again (a layout shift) for nothing.
        cssCodeSplit: false,
        rollupOptions: {
          input: {
            // Marketing pages, rendered by the server and made live by site.tsx.
            site: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
            // Dashboards, admin and the sign-in callback: the router (main.tsx).
            app: fileURLToPath(new URL('./src/web/app.html', import.meta.url)),
          },
          output: {
            // The libraries every page starts with, and the app's shell, each in one cached file; Vite
            // splits the rest of the app's modules by itself.
            codeSplitting: {
              groups: [
                {
                  name: 'vendor',
                  priority: 3,
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][^\\/]+|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
                },
                {
                  // What the marketing entry (site.tsx) needs at once beside itself: kept out of the
                  // shell below, which would otherwise take it in, so a first visit to a marketing page
                  // still loads only its entry.
                  name: 'boot',
                  priority: 2,
                  test: /src[\\/]web[\\/]lib[\\/]page-state-keys\.|vite[\\/](preload-helper|modulepreload-polyfill)/,
                },
                {
                  // The shell every live page runs, marketing and app alike, with all it imports that
                  // vendor and boot do not hold. Left to itself the bundler cuts it into a dozen files of
                  // a few hundred bytes, by which of the many lazily loaded pages share each module.
                  name: 'shell',
                  priority: 1,
                  test: webModules(SHELL),
                },
              ],
            },
          },
        },
      },
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, `http://localhost:${API_PORT}`])),
  },
}));
