import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@shared/contracts/contact';
import { api } from '@/lib/api-client';

export const submitContact = (body: ContactBody) =>
  api<{ success: true }>('/api/contact/add', { method: 'POST', body });

export const useSubmitContact = () => useMutation({ mutationFn: submitContact });
