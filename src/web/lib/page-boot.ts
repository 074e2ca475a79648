/**
 * What a server-rendered marketing page does before its scripts have made it live (site.tsx).
 */

/**
 * Resolves just after the browser has painted the page's first content, so the scripts that make
 * the page live neither share the connection with that paint nor hold it back. At once where no
 * paint is coming soon (a tab opened in the background) or the browser cannot tell; after
 * `maxWaitMs` at the latest.
 */
export function afterFirstContentfulPaint(maxWaitMs = 1500): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    // A task after the paint's frame, not inside it.
    const go = () => {
      if (done) return;
      done = true;
      setTimeout(resolve, 0);
    };
    if (
      document.visibilityState !== 'visible' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    )
      return go();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      go();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      go();
    }, maxWaitMs);
  });
}

/**
 * Until React has made the page live, a click on one of its buttons does nothing (a submit button
 * would even post its form the browser's way). The last such click is held; the function returned
 * gives it back to its button, once the page is live, if the button is still there.
 */
export function holdEarlyClicks(root: HTMLElement): () => void {
  let held: HTMLButtonElement | null = null;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    held = button;
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    const button = held;
    held = null;
    if (button?.isConnected && !button.disabled) button.click();
  };
}
