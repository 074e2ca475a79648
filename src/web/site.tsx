import { afterFirstContentfulPaint, holdEarlyClicks, needsScriptsAtOnce, untilReachedFor } from '@/lib/page-boot';
import { sitePageFor } from './app/site-routes';

/**
 * The entry of a visit to a marketing page. The server sent the page rendered (entry-server.tsx),
 * markup, stylesheet and the service catalogue, so it paints, reads and links from its HTML alone.
 * React and the page's code load only when the page needs them (lib/page-boot.ts): just after the
 * first paint when it has something to show that the server could not render (a session, a carried
 * toast, a sign-in error); otherwise once the visitor reaches for a button or a field, or scrolls to
 * a part that only works live (the request form's categories). A click on a button before the page
 * is live is held and given back to it after.
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');

const clicks = holdEarlyClicks(root);
const needed = !root.hasChildNodes()
  ? Promise.resolve()
  : needsScriptsAtOnce()
    ? afterFirstContentfulPaint()
    : untilReachedFor(root);

void needed
  .then(() => Promise.all([import('./app/hydrate-site-page'), sitePageFor(window.location.pathname)()]))
  .then(([{ hydrateSitePage }, { default: Page }]) => {
    hydrateSitePage(root, Page);
    clicks.release();
  })
  // Offline, or a deploy replaced the scripts this page names: it stays readable, and says so if a
  // button was pressed.
  .catch(() => clicks.fail());
