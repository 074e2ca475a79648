import type { ComponentType } from 'react';

export type SitePageModule = () => Promise<{ default: ComponentType }>;

/**
 * The marketing pages (SPEC.md §2), path → page module. The server renders them into the HTML it
 * sends (entry-server.tsx) and site.tsx makes that HTML live without a router; the app's router
 * (router.tsx) loads the same modules when someone moves to them from the dashboard. Kept apart from
 * the components (site-page.tsx) so the marketing entry can name a page without loading React.
 */
export const SITE_PAGES: Record<string, SitePageModule> = {
  '/': () => import('@/features/marketing/pages/home-page'),
  '/service': () => import('@/features/marketing/pages/services-page'),
  '/how-it-works': () => import('@/features/marketing/pages/how-it-works-page'),
  '/about': () => import('@/features/marketing/pages/about-page'),
  '/contact': () => import('@/features/marketing/pages/contact-page'),
  '/privacy': () => import('@/features/marketing/pages/privacy-page'),
  '/terms': () => import('@/features/marketing/pages/terms-page'),
  '/refund-policy': () => import('@/features/marketing/pages/refund-policy-page'),
};

export const NOT_FOUND_PAGE: SitePageModule = () => import('@/features/marketing/pages/not-found-page');

export const sitePageFor = (pathname: string): SitePageModule => SITE_PAGES[pathname] ?? NOT_FOUND_PAGE;
