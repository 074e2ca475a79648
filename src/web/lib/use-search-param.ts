import { useEffect, useState } from 'react';
import { useAppNavigation } from './navigation';
import { useDebouncedValue } from './use-debounced-value';

/**
 * Writes one value of the address's query ('' removes it), replacing the address rather than adding
 * to the history: a filter or a tab is part of the page, not a page of its own. Read from the
 * browser's address at the moment of the change, so two changes in one tick both stay.
 */
export function useSetSearchParam(): (name: string, value: string) => void {
  const { pathname, navigate } = useAppNavigation();
  return (name, value) => {
    const params = new URLSearchParams(window.location.search);
    if (value) params.set(name, value);
    else params.delete(name);
    const query = params.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`, { replace: true });
  };
}

/**
 * A list's filter kept in the address (`?status=pending`), so a reload, a shared link or Back from a
 * ticket's page shows the list as it was left. A value the list does not offer reads as '' (all).
 */
export function useSearchParam<T extends string>(
  name: string,
  allowed: readonly T[],
): [T | '', (value: T | '') => void] {
  const { search } = useAppNavigation();
  const set = useSetSearchParam();
  const asked = new URLSearchParams(search).get(name);
  const value = allowed.find((a) => a === asked) ?? '';
  return [value, (next) => set(name, next)];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A list narrowed to one record, by its id in the address (`?engineer=…`); anything else reads as '' (none). */
export function useSearchId(name: string): [string, (id: string) => void] {
  const { search } = useAppNavigation();
  const set = useSetSearchParam();
  const asked = new URLSearchParams(search).get(name) ?? '';
  return [UUID.test(asked) ? asked : '', (next) => set(name, next)];
}

/**
 * A list's search box whose settled text is kept in the address (`?q=meera`) like its filters: what
 * is typed shows at once; the address, and the list asked of the server, follow once typing pauses.
 * Returns the box's text, its setter, and the settled, trimmed text to search for.
 */
export function useSearchText(name = 'q'): [string, (text: string) => void, string] {
  const { search } = useAppNavigation();
  const set = useSetSearchParam();
  const kept = new URLSearchParams(search).get(name) ?? '';
  const [text, setText] = useState(kept);
  const settled = useDebouncedValue(text).trim();
  useEffect(() => {
    if (settled !== kept) set(name, settled);
    // Only a settled change writes the address; `kept` follows from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  // The address changed by other means (a link to the bare list): the box shows what is searched.
  // Adjusted while rendering, as React advises for state that follows a changed input.
  const [lastKept, setLastKept] = useState(kept);
  if (kept !== lastKept) {
    setLastKept(kept);
    if (kept !== settled) setText(kept);
  }
  return [text, setText, kept];
}

/**
 * A dashboard's open tab, kept in the address (`?tab=services`; none for the first tab). Choosing a
 * tab leaves the other tab's filters behind: each tab opens on its whole list.
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: string) => void] {
  const { pathname, search, navigate } = useAppNavigation();
  const first = tabs[0]!;
  const asked = new URLSearchParams(search).get('tab');
  const open = tabs.find((t) => t === asked) ?? first;
  const select = (tab: string) =>
    navigate(tab === first ? pathname : `${pathname}?tab=${encodeURIComponent(tab)}`, { replace: true });
  return [open, select];
}
