import type { User } from '@photo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from './api-client';

export const meKey = ['users', 'me'] as const;

/** GET users/me: the signed-in user, and who the server's administrator is. */
export const meQuery = queryOptions({
  queryKey: meKey,
  queryFn: ({ signal }) => apiJson<User>('/api/users/me', { signal }),
});
