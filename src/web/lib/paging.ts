import { PAGE_SIZE } from '@shared/product';

/**
 * The address of one page of a keyset-paged list: the server's default page size (every list asks
 * for the same, so each runs the prepared statement written for it), after `cursor` when there is one.
 */
export const pageUrl = (base: string, cursor: string, extra = '') =>
  `${base}?limit=${PAGE_SIZE.default}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}${extra}`;

/** `&name=value` for each of a list's filters that has a value (trimmed), to go after pageUrl's own. */
export const filterParams = (filters: Record<string, string | undefined>) =>
  Object.entries(filters)
    .map(([name, value]) => (value?.trim() ? `&${name}=${encodeURIComponent(value.trim())}` : ''))
    .join('');
