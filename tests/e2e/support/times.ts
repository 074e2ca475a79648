import type { Page } from '@playwright/test';
import { DATE_TIME_FORMAT } from '../../../src/web/lib/format';

/** A time as the app shows it (formatDateTime), worked out in the browser's own time zone. */
export const shownTime = (page: Page, iso: string) =>
  page.evaluate(([d, options]) => new Intl.DateTimeFormat('en-IN', options).format(new Date(d)), [
    iso,
    DATE_TIME_FORMAT,
  ] as const);
