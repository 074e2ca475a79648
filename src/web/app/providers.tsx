import { type QueryClient as Client, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';
import { tokenStore } from '@/lib/token-store';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refusal (4xx) will not change by asking again; a network blip might.
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      },
    },
  });
}

/**
 * What was loaded for one session is not shown to the next: when the session changes (a login, a
 * logout, either in another tab, or the site's storage cleared), every cached answer goes but the new
 * session's own user. The pages that need a session have unmounted or remount on the change, so
 * nothing is asked again without a token.
 */
function useForgetOnSessionChange(client: Client) {
  useEffect(() => {
    let last = tokenStore.held();
    return tokenStore.subscribe(() => {
      const now = tokenStore.held();
      if (now === last) return;
      last = now;
      client.removeQueries({ predicate: (q) => !(q.queryKey[0] === meQueryKey[0] && q.queryKey[1] === now) });
    });
  }, [client]);
}

/** One query cache per app (and per page the server renders). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  useForgetOnSessionChange(client);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
