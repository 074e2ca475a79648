import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsBody } from '@shared/contracts/emails';
import { answer, api, withToken } from '@/lib/api-client';
import { useToken } from '@/lib/auth';

const notificationsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['notifications', token],
    queryFn: () => answer(api.GET('/api/profile/notifications')),
  });

/** Which optional emails the signed-in account gets. */
export const useNotificationSettings = () => useQuery(notificationsQuery(useToken()));

export function useChangeNotificationSettings() {
  const client = useQueryClient();
  const key = notificationsQuery(useToken()).queryKey;
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) => answer(api.PATCH('/api/profile/notifications', { body })),
    // The box shows its new state at once; a refusal puts the old one back.
    onMutate: (body) => {
      const before = client.getQueryData<NotificationSettings>(key);
      if (before) client.setQueryData(key, { ...before, ...body });
      return { before };
    },
    onError: (_err, _body, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (settings) => client.setQueryData(key, settings),
  });
}

/** The link's token, and no session's: none is needed, and a refusal of the link ends none. */
const unsubscribeInit = (token: string) => ({ params: { query: { token } }, middleware: [withToken('')] });

/** What an unsubscribe link would turn off (asks, changes nothing). No session is needed or sent. */
export const useUnsubscribeLink = (token: string) =>
  useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => answer(api.GET('/api/unsubscribe', unsubscribeInit(token))),
    enabled: token !== '',
    retry: false,
  });

export const useUnsubscribe = (token: string) =>
  useMutation({ mutationFn: () => answer(api.POST('/api/unsubscribe', unsubscribeInit(token))) });
