import { useAppNavigation } from './navigation';

/**
 * A dashboard's open tab, kept in the address (`?tab=services`; none for the first tab), so a reload,
 * a shared link or Back from another page opens the same tab. Switching tabs replaces the address
 * rather than adding to the history.
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: string) => void] {
  const { pathname, search, navigate } = useAppNavigation();
  const first = tabs[0]!;
  const asked = new URLSearchParams(search).get('tab');
  const open = tabs.find((t) => t === asked) ?? first;
  const select = (tab: string) => {
    const params = new URLSearchParams(search);
    if (tab === first) params.delete('tab');
    else params.set('tab', tab);
    const query = params.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`, { replace: true });
  };
  return [open, select];
}
