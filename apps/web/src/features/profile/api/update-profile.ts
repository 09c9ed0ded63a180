import type { UpdateProfileRequest, User } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { meKey } from './get-me';

/** PATCH users/me: changes the signed-in user's name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      apiJson<User>('/api/users/me', { method: 'PATCH', json: body }),
    onSuccess: (user) => queryClient.setQueryData(meKey, user),
    meta: { quiet: true },
  });
}
