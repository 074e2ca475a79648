import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/contracts/auth';
import { useCallback, useSyncExternalStore } from 'react';
import { paths } from '@/config/paths';
import { answer, api, ApiError, withToken } from './api-client';
import { useAppNavigation } from './navigation';
import { DRAFT_KEY_PREFIX } from './page-state-keys';
import { tokenStore } from './token-store';

export const meQueryKey = ['me'] as const;

export const useToken = () => useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);

/**
 * The signed-in user, fetched from /api/me whenever there is a token. A token the server refuses is
 * cleared by the API client (lib/api-client.ts); any other failure leaves the session alone.
 */
export function useCurrentUser() {
  const token = useToken();
  const query = useQuery({
    queryKey: [...meQueryKey, token],
    queryFn: async () => (await answer(api.GET('/api/me'))).user,
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError) && count < 2,
  });
  const signedInUnknown = Boolean(token) && query.data === undefined;
  return {
    user: token ? query.data : undefined,
    /** True until we know whether someone is signed in (a retry after a failure included). */
    isLoading: signedInUnknown && (query.isFetching || (query.isPending && !query.isError)),
    /** The user could not be loaded (offline, the server in trouble): still signed in, not yet known. */
    failed: signedInUnknown && query.isError && !query.isFetching,
    retry: () => void query.refetch(),
    token,
  };
}

/** Stores a fresh session (after login, signup or Google) and primes the user cache. */
export function useStartSession() {
  const client = useQueryClient();
  return useCallback(
    (token: string, user: User) => {
      client.setQueryData([...meQueryKey, token], user);
      tokenStore.set(token);
    },
    [client],
  );
}

/** Messages half-written in this tab go with the one who wrote them, not to the next at the computer. */
function forgetDrafts() {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(DRAFT_KEY_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // No storage: no drafts were kept.
  }
}

export function useLogout() {
  const client = useQueryClient();
  const { navigate } = useAppNavigation();
  return useCallback(() => {
    // The server ends the session too, so a copy of the token is worthless from now on; the page signs
    // out at once whatever it answers (offline, the token lives on until it expires).
    const token = tokenStore.get();
    if (token) void api.POST('/api/logout', { middleware: [withToken(token)] }).catch(() => {});
    tokenStore.clear();
    client.clear();
    forgetDrafts();
    navigate(paths.home);
  }, [client, navigate]);
}
