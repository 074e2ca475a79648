import type { PublicAppConfig } from './app-config.js';

/** One marketing page (or the not-found page) rendered to HTML by the web build's server entry. */
export interface RenderedPage {
  /** The page's path; null for the not-found page. */
  path: string | null;
  /** The markup that goes inside #root. */
  html: string;
}

/** What dist/ssr/entry-server.js (src/web/entry-server.tsx) exports. */
export interface SiteRenderer {
  renderSitePages(config: PublicAppConfig): Promise<RenderedPage[]>;
}
