import type { ProfilePhotoRequest, User } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { meKey } from './get-me';

/** PUT users/me/profilePhoto (form field profilePicUrl): makes a picture the profile photo. */
export function useSetProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profilePicUrl: string) => {
      const form: ProfilePhotoRequest = { profilePicUrl };
      return apiJson<User>('/api/users/me/profilePhoto', { method: 'PUT', form: { ...form } });
    },
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(meKey, user);
      else return queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
