import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsBody, UnsubscribeResponse } from '@shared/contracts/emails';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/auth';

const notificationsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['notifications', token],
    queryFn: () => api<NotificationSettings>('/api/profile/notifications'),
  });

/** Which optional emails the signed-in account gets. */
export const useNotificationSettings = () => useQuery(notificationsQuery(useToken()));

export function useChangeNotificationSettings() {
  const client = useQueryClient();
  const key = notificationsQuery(useToken()).queryKey;
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) =>
      api<NotificationSettings>('/api/profile/notifications', { method: 'PATCH', body }),
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

const unsubscribeUrl = (token: string) => `/api/unsubscribe?token=${encodeURIComponent(token)}`;

/** What an unsubscribe link would turn off (asks, changes nothing). No session is needed or sent. */
export const useUnsubscribeLink = (token: string) =>
  useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => api<UnsubscribeResponse>(unsubscribeUrl(token), { token: '' }),
    enabled: token !== '',
    retry: false,
  });

export const useUnsubscribe = (token: string) =>
  useMutation({ mutationFn: () => api<UnsubscribeResponse>(unsubscribeUrl(token), { method: 'POST', token: '' }) });
