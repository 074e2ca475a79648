import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AccountState, createUserBodySchema } from '@shared/contracts/admin';
import type { profileBodySchema } from '@shared/contracts/auth';
import type { CreatableRole, Role } from '@shared/roles';
import { answer, api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';
import { filterParams, pageQuery } from '@/lib/paging';
import { ticketQueryRoots } from '@/lib/ticket-query-keys';
import { adminKeys } from './admin-queries';

/**
 * All Users' reads and changes: only its tab (loaded when opened) imports them, so they stay out of
 * /admin's first load.
 */
/** What All Users is narrowed to ('' for no narrowing). */
export interface UserFilters {
  role: Role | '';
  state: AccountState | '';
  q: string;
}

export const useAdminUsers = ({ role, state, q }: UserFilters) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...adminKeys.users, 'list', role, state, q.trim()],
      queryFn: ({ pageParam }) =>
        answer(
          api.GET('/api/admin/users', {
            params: { query: { ...pageQuery(pageParam), ...filterParams({ role, state, q }) } },
          }),
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

export const useCreateUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createUserBodySchema>) => answer(api.POST('/api/admin/users', { body })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.users });
      void client.invalidateQueries({ queryKey: adminKeys.engineers });
    },
  });
};

/** Changes an account's role (its sessions end); the engineer picker follows. */
export const useChangeRole = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: CreatableRole }) =>
      answer(api.PATCH('/api/admin/users/{id}', { params: { path: { id } }, body: { role } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.users });
      void client.invalidateQueries({ queryKey: adminKeys.engineers });
    },
  });
};

/** Turns off an account's two-factor sign-in (it is locked out of its app); its sessions end. */
export const useTurnOffTwoFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.DELETE('/api/admin/users/{id}/2fa', { params: { path: { id } } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.users }),
  });
};

/** Suspends an account or lifts its suspension; a suspended engineer leaves the engineer picker. */
export const useSuspension = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, suspended }: { id: string; suspended: boolean }) => {
      const path = { params: { path: { id } } };
      return answer(
        suspended
          ? api.PUT('/api/admin/users/{id}/suspension', path)
          : api.DELETE('/api/admin/users/{id}/suspension', path),
      );
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.users });
      void client.invalidateQueries({ queryKey: adminKeys.engineers });
    },
  });
};

/**
 * Corrects an account's name, email and phone. The names show in the engineer picker and on tickets,
 * and the account may be the admin's own (their header shows it).
 */
export const useChangeDetails = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: z.output<typeof profileBodySchema> & { id: string }) =>
      answer(api.PUT('/api/admin/users/{id}/details', { params: { path: { id } }, body })),
    onSuccess: () => {
      for (const queryKey of [adminKeys.users, adminKeys.engineers, ticketQueryRoots.admin, meQueryKey])
        void client.invalidateQueries({ queryKey });
    },
  });
};

/** What admins did to an account, oldest first, a page at a time, read while its dialog is open. */
export const useAccountHistory = (id: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...adminKeys.users, 'history', id],
    queryFn: ({ pageParam }) =>
      answer(
        api.GET('/api/admin/users/{id}/history', {
          params: { path: { id }, query: { after: pageParam || undefined } },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
