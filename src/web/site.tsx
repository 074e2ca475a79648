import { afterFirstContentfulPaint, holdEarlyClicks } from '@/lib/page-boot';
import { sitePageFor } from './app/site-routes';

/**
 * The entry of a first visit to a marketing page. The server sent the page rendered
 * (entry-server.tsx), markup and stylesheet, so it paints from its HTML alone. React and the page's
 * code start loading once it has: fetched earlier, they share a slow connection with the font and
 * the paint (and Lighthouse counts them in the Largest Contentful Paint). A click on a button before
 * the page is live is held and given back to it after (lib/page-boot.ts).
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');

const releaseClicks = holdEarlyClicks(root);
const painted = root.hasChildNodes() ? afterFirstContentfulPaint() : Promise.resolve();

void painted
  .then(() =>
    Promise.all([import('./app/hydrate-site-page'), sitePageFor(window.location.pathname)()]),
  )
  .then(([{ hydrateSitePage }, { default: Page }]) => {
    hydrateSitePage(root, Page);
    releaseClicks();
  });
