import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@shared/contracts/contact';
import { answer, api } from '@/lib/api-client';

export const submitContact = (body: ContactBody) => answer(api.POST('/api/contact/add', { body }));

export const useSubmitContact = () => useMutation({ mutationFn: submitContact });
