import type { User } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';

export const meKey = ['users', 'me'] as const;

/** GET users/me: the signed-in user. */
export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: ({ signal }) => apiJson<User>('/api/users/me', { signal }),
  });
}
