import { PAGE_SIZE } from '@shared/product';

/**
 * The query of one page of a keyset-paged list: the server's default page size (every list asks for
 * the same, so each runs the prepared statement written for it), after `cursor` when there is one.
 */
export const pageQuery = (cursor: string) => ({ limit: PAGE_SIZE.default, cursor: cursor || undefined });

/** Each of a list's filters that has a value (trimmed), to go with pageQuery's; the others are left out. */
export const filterParams = <F extends Record<string, string | undefined>>(filters: F) =>
  Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value?.trim() || undefined])) as {
    [K in keyof F]: Exclude<F[K], ''> | undefined;
  };
