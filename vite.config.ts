import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { loadConfig } from './src/server/config';
import { publicAppConfig } from './src/server/public-config';

const API_PORT = Number(process.env.PORT ?? 3000);
const proxied = ['/api', '/order', '/order-inprogress', '/verify', '/payment-status', '/test-checkout', '/webhooks', '/healthz'];

/** In `npm run dev` the API server does not render the HTML, so hand the app the same config it would. */
const devAppConfig = (): Plugin => ({
  name: 'remotefix-dev-app-config',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace(
      '</head>',
      `<script id="app-config" type="application/json">${JSON.stringify(publicAppConfig(loadConfig())).replace(/</g, '\\u003c')}</script></head>`,
    ),
});

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), devAppConfig()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, `http://localhost:${API_PORT}`])),
  },
});
