/**
 * Browsers word a failed `import()` differently (Chromium, Firefox, Safari). It happens when the
 * connection drops, or when a deploy has replaced the files an open tab still asks for; the browser
 * remembers the failure for the page's lifetime, so only a reload can fetch the code again.
 */
const LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** Whether an error is the browser failing to load a part of the app's code. */
export const isCodeLoadFailure = (error: unknown) => error instanceof Error && LOAD_FAILURE.test(error.message);
