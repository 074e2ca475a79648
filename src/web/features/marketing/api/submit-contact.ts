import { useMutation } from '@tanstack/react-query';
import type { ContactBody, ContactResponse } from '@shared/contracts/contact';
import { api } from '@/lib/api-client';

export const submitContact = (body: ContactBody) => api<ContactResponse>('/api/contact/add', { method: 'POST', body });

export const useSubmitContact = () => useMutation({ mutationFn: submitContact });
