import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicAppConfig } from '../../shared/app-config.js';
import type { CatalogueSnapshot } from '../../shared/contracts/catalogue.js';
import { CATALOGUE_PAGES, type RenderedPage, type SiteRenderer } from '../../shared/site-render.js';

/** The service catalogue as the marketing pages show it, and word of its changes. */
export interface CatalogueSource {
  load(): Promise<CatalogueSnapshot>;
  /** Calls `handler` after each committed change, made on any instance; returns what stops it. */
  onChange(handler: () => void): Promise<() => void>;
}

// Rendering every marketing page takes a few hundred ms: at start, once per process, config and
// catalogue, not per app instance (the API tests build hundreds). The last few renderings are kept.
const renderings = new Map<string, Promise<RenderedPage[]>>();
const KEPT_RENDERINGS = 8;

function renderAtStart(ssrEntry: string, config: PublicAppConfig, catalogue: CatalogueSnapshot) {
  const key = JSON.stringify([ssrEntry, config, catalogue]);
  let pages = renderings.get(key);
  if (!pages) {
    const renderer = import(pathToFileURL(ssrEntry).href) as Promise<SiteRenderer>;
    pages = renderer.then((r) => r.renderSitePages(config, catalogue));
    pages.catch(() => renderings.delete(key)); // a failure is not kept
  }
  renderings.delete(key); // set again: the most recently used is kept longest
  renderings.set(key, pages);
  for (const oldest of renderings.keys()) {
    if (renderings.size <= KEPT_RENDERINGS) break;
    renderings.delete(oldest);
  }
  return pages;
}

/** The rendering worker's code (CommonJS, evaluated as it is): one rendering, handed back. */
const RENDER_WORKER = `
const { parentPort, workerData: { url, config, catalogue, paths } } = require('node:worker_threads');
import(url)
  .then((renderer) => renderer.renderSitePages(config, catalogue, paths))
  .then((pages) => parentPort.postMessage(pages));
`;

/**
 * Renders pages while the instance serves, in a worker thread started for it: React renders a page
 * without a break, during which this thread would answer no request and fire no timer.
 */
function renderAside(
  ssrEntry: string,
  config: PublicAppConfig,
  catalogue: CatalogueSnapshot,
  paths: readonly string[],
) {
  const worker = new Worker(RENDER_WORKER, {
    eval: true,
    workerData: { url: pathToFileURL(ssrEntry).href, config, catalogue, paths },
  });
  const pages = new Promise<RenderedPage[]>((resolve, reject) => {
    worker.once('message', (rendered: RenderedPage[]) => {
      resolve(rendered);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the rendering worker ended (exit code ${code}) with no pages`)));
  });
  return { pages, stop: () => worker.terminate() };
}

/**
 * How long after word of a change the pages are rendered again: an admin's few quick edits make
 * one rendering, and a visitor sees the change within about a second.
 */
const GATHER_MS = 100;

/**
 * The marketing pages rendered by the web build's server entry (dist/ssr) with this deployment's
 * public config and the current catalogue, handed to `publish`: all of them at start (`first`), then
 * after each committed catalogue change, on whichever instance it was made, the catalogue's pages
 * again, rendered aside. Requests never wait for that: they get the previous pages until `publish`
 * has swapped the new ones in. Resolves once the first pages are published, with the function that
 * stops following the catalogue.
 */
export async function liveSitePages(opts: {
  ssrEntry: string;
  config: PublicAppConfig;
  catalogue: CatalogueSource;
  log: FastifyBaseLogger;
  publish(pages: RenderedPage[], first: boolean): Promise<void>;
}): Promise<() => Promise<void>> {
  const { ssrEntry, config, catalogue, log, publish } = opts;
  let shown = ''; // the catalogue the published pages show, as JSON
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let aside: ReturnType<typeof renderAside> | undefined;
  let again = false;
  let stopped = false;

  /** Every page (at start), or the catalogue's pages if the catalogue is not the one they show. */
  const refresh = async (first: boolean) => {
    const snapshot = await catalogue.load();
    const json = JSON.stringify(snapshot);
    // Word that changes may have been missed (the listening connection came back), and none were.
    if (!first && json === shown) return;
    let pages: RenderedPage[];
    if (first) pages = await renderAtStart(ssrEntry, config, snapshot);
    else {
      aside = renderAside(ssrEntry, config, snapshot, CATALOGUE_PAGES);
      pages = await aside.pages.finally(() => (aside = undefined));
    }
    if (stopped) return;
    await publish(pages, first);
    shown = json;
  };
  const settle = () => {
    running = undefined;
    if (again) {
      again = false;
      schedule();
    }
  };
  const run = () => {
    timer = undefined;
    if (running) {
      again = true; // after the rendering under way, which may have read the catalogue before this change
      return;
    }
    running = refresh(false)
      .catch((err: unknown) => {
        if (!stopped) log.error({ err }, 'the catalogue pages could not be rendered again: serving them as they were');
      })
      .finally(settle);
  };
  function schedule() {
    if (!stopped && !timer) timer = setTimeout(run, GATHER_MS);
  }
  const stop = async () => {
    stopped = true;
    unsubscribe();
    clearTimeout(timer);
    await aside?.stop();
    await running?.catch(() => {});
  };

  // Listening first, then reading: a change committed in between is not missed.
  const unsubscribe = await catalogue.onChange(schedule);
  running = refresh(true).finally(settle);
  try {
    await running;
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}
