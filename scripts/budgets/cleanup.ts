/**
 * What the page budgets have running (the server, its data dir, Lighthouse's Chrome, axe's browser), and
 * stopping it all: on exit, on an error and on Ctrl-C. Importing this module installs the handlers.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import type { LaunchedChrome } from 'chrome-launcher';

export const running: {
  server?: ChildProcess | undefined;
  chrome?: LaunchedChrome | undefined;
  browser?: Browser | undefined;
  dataDir?: string | undefined;
} = {};

export function killAll() {
  try {
    running.server?.kill('SIGKILL');
  } catch {
    // already gone
  }
  try {
    running.chrome?.kill();
  } catch {
    // already gone
  }
  if (running.dataDir) rmSync(running.dataDir, { recursive: true, force: true });
  running.server = undefined;
  running.chrome = undefined;
  running.dataDir = undefined;
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the server and the browsers`);
    void running.browser?.close().catch(() => {});
    killAll();
    process.exit(130);
  });
}
