import type { PublicAppConfig } from './app-config.js';
import type { CatalogueSnapshot } from './contracts/catalogue.js';

/** The marketing pages that show the service catalogue: rendered again whenever it changes. */
export const CATALOGUE_PAGES: readonly string[] = ['/', '/service'];

/** The id of the JSON block that hands a catalogue page's scripts the catalogue it was rendered with. */
export const CATALOGUE_SEED_ID = 'catalogue-seed';

/** One marketing page (or the not-found page) rendered to HTML by the web build's server entry. */
export interface RenderedPage {
  /** The page's path; null for the not-found page. */
  path: string | null;
  /** The markup that goes inside #root. */
  html: string;
  /** The catalogue the markup shows (a page of CATALOGUE_PAGES): the page's scripts start from it. */
  catalogue?: CatalogueSnapshot;
}

/** What dist/ssr/entry-server.js (src/web/entry-server.tsx) exports. */
export interface SiteRenderer {
  /**
   * Renders the marketing pages and the not-found page, those of CATALOGUE_PAGES with `catalogue`;
   * only the pages of `paths` when given.
   */
  renderSitePages(
    config: PublicAppConfig,
    catalogue: CatalogueSnapshot,
    paths?: readonly string[],
  ): Promise<RenderedPage[]>;
}
