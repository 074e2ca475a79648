import { prerender } from 'react-dom/static';
import type { PublicAppConfig } from '@shared/app-config';
import type { RenderedPage, SiteRenderer } from '@shared/site-render';
import { appConfig } from '@/lib/app-config';
import { documentNavigation } from '@/lib/navigation';
import { SitePage } from './app/site-page';
import { NOT_FOUND_PAGE, SITE_PAGES, type SitePageModule } from './app/site-routes';

async function render(path: string | null, load: SitePageModule): Promise<RenderedPage> {
  const { default: Page } = await load();
  const navigation = documentNavigation({ pathname: path ?? '/404' });
  // prerender waits for the page's lazy parts (the request form). Every part is written in place:
  // one React outlines (to stream it later) arrives with an inline script to put it there, which the
  // Content-Security-Policy (script-src 'self') refuses to run.
  const { prelude } = await prerender(<SitePage navigation={navigation} Page={Page} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (/<script/i.test(html)) throw new Error(`${path ?? 'not-found'}: the rendered page needs an inline script`);
  return { path, html };
}

/**
 * The marketing pages and the not-found page as HTML, rendered once when the server starts
 * (src/server/plugins/web.ts) with this deployment's public config (support phone, payment mode).
 */
export const renderSitePages: SiteRenderer['renderSitePages'] = async (config: PublicAppConfig) => {
  Object.assign(appConfig, config);
  const pages = await Promise.all(Object.entries(SITE_PAGES).map(([path, load]) => render(path, load)));
  return [...pages, await render(null, NOT_FOUND_PAGE)];
};
