import type { AdminUser, PasswordLink } from '@photo/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { apiJson, apiPage, type Page } from '../../../shared/api/api-client';

export const adminUsersKey = ['admin', 'users'] as const;

const path = (userId: string, action: string) =>
  `/api/admin/users/${encodeURIComponent(userId)}/${action}`;

/** GET admin/users: every account on the server, newest first, page by page. */
export function useAdminUsers() {
  return useInfiniteQuery({
    queryKey: adminUsersKey,
    queryFn: ({ pageParam, signal }) => apiPage<AdminUser>(pageParam, signal),
    initialPageParam: '/api/admin/users',
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
    // The page says a refusal (not the administrator) itself.
    meta: { quiet: true },
  });
}

/** POST admin/users/{userId}/verify-email: the account's address counts as confirmed. */
export function useMarkVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiJson<AdminUser>(path(userId, 'verify-email'), { method: 'POST' }),
    onSuccess: (changed) =>
      queryClient.setQueryData<InfiniteData<Page<AdminUser>>>(adminUsersKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((user) => (user.id === changed.id ? changed : user)),
              })),
            }
          : data,
      ),
    meta: { quiet: true },
  });
}

/** POST admin/users/{userId}/password-link: a one-time link to choose a new password. */
export function useMakePasswordLink() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiJson<PasswordLink>(path(userId, 'password-link'), { method: 'POST' }),
    meta: { quiet: true },
  });
}
