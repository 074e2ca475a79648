import { prerender } from 'react-dom/static';
import type { CatalogueSnapshot } from '@shared/contracts/catalogue';
import { CATALOGUE_PAGES, type RenderedPage, type SiteRenderer } from '@shared/site-render';
import { appConfig } from '@/lib/app-config';
import { documentNavigation } from '@/lib/navigation';
import { SitePage } from './app/site-page';
import { NOT_FOUND_PAGE, SITE_PAGES, type SitePageModule } from './app/site-routes';

async function render(path: string | null, load: SitePageModule, catalogue?: CatalogueSnapshot): Promise<RenderedPage> {
  const { default: Page } = await load();
  const navigation = documentNavigation({ pathname: path ?? '/404' });
  // prerender waits for the page's lazy parts (the request form). Every part is written in place:
  // one React outlines (to stream it later) arrives with an inline script to put it there, which the
  // Content-Security-Policy (script-src 'self') refuses to run.
  const { prelude } = await prerender(<SitePage navigation={navigation} Page={Page} catalogue={catalogue} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (/<script/i.test(html)) throw new Error(`${path ?? 'not-found'}: the rendered page needs an inline script`);
  return catalogue ? { path, html, catalogue } : { path, html };
}

/**
 * The marketing pages and the not-found page as HTML, rendered when the server starts
 * (src/server/plugins/web.ts) with this deployment's public config (support phone, payment mode)
 * and the catalogue, and the catalogue's pages again whenever it changes.
 */
export const renderSitePages: SiteRenderer['renderSitePages'] = async (config, catalogue, paths) => {
  Object.assign(appConfig, config);
  const wanted = Object.entries(SITE_PAGES).filter(([path]) => !paths || paths.includes(path));
  const pages = await Promise.all(
    wanted.map(([path, load]) => render(path, load, CATALOGUE_PAGES.includes(path) ? catalogue : undefined)),
  );
  return paths ? pages : [...pages, await render(null, NOT_FOUND_PAGE)];
};
