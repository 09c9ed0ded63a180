import type { AdminUser, PasswordLink, RetriedJobs, ServerStats } from '@photo/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiJson, apiPage, changeCachedItems } from '../../../shared/api/api-client';

export const adminUsersKey = ['admin', 'users'] as const;
export const adminStatsKey = ['admin', 'stats'] as const;

const path = (userId: string, action: string) =>
  `/api/admin/users/${encodeURIComponent(userId)}${action ? `/${action}` : ''}`;

/** Puts the account as the server answered it in the list. */
function replaceUser(queryClient: QueryClient, changed: AdminUser) {
  changeCachedItems<AdminUser>(queryClient, adminUsersKey, (users) =>
    users.map((user) => (user.id === changed.id ? changed : user)),
  );
}

/** GET admin/users: every account on the server, newest first, page by page. */
export function useAdminUsers() {
  return useInfiniteQuery({
    queryKey: adminUsersKey,
    queryFn: ({ pageParam, signal }) => apiPage<AdminUser>(pageParam, signal),
    initialPageParam: '/api/admin/users',
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
    // Each person's photo count and storage are current when the page is shown or comes back.
    staleTime: 0,
    refetchOnWindowFocus: true,
    // The page says a refusal (not an administrator) itself.
    meta: { quiet: true },
  });
}

/** A change of one account that answers it as it is now. */
function useAccountChange<V>(request: (variables: V) => Promise<AdminUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (changed) => replaceUser(queryClient, changed),
    meta: { quiet: true },
  });
}

/** POST admin/users/{userId}/verify-email: the account's address counts as confirmed. */
export function useMarkVerified() {
  return useAccountChange((userId: string) =>
    apiJson<AdminUser>(path(userId, 'verify-email'), { method: 'POST' }),
  );
}

/** POST admin/users/{userId}/disable or enable. */
export function useSetDisabled() {
  return useAccountChange(({ userId, disabled }: { userId: string; disabled: boolean }) =>
    apiJson<AdminUser>(path(userId, disabled ? 'disable' : 'enable'), { method: 'POST' }),
  );
}

/** PUT admin/users/{userId}/quota: bytes, or null for unlimited. */
export function useSetQuota() {
  return useAccountChange(({ userId, quotaBytes }: { userId: string; quotaBytes: number | null }) =>
    apiJson<AdminUser>(path(userId, 'quota'), { method: 'PUT', json: { quotaBytes } }),
  );
}

/** DELETE admin/users/{userId}: the account with all it owns. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, confirmEmail }: { userId: string; confirmEmail: string }) =>
      apiJson<null>(path(userId, ''), { method: 'DELETE', json: { confirmEmail } }),
    onSuccess: (_answer, { userId }) => {
      changeCachedItems<AdminUser>(queryClient, adminUsersKey, (users) =>
        users.filter((user) => user.id !== userId),
      );
      void queryClient.invalidateQueries({ queryKey: adminStatsKey });
    },
    meta: { quiet: true },
  });
}

/** POST admin/users/{userId}/password-link: e-mailed, or answered to pass on by hand. */
export function useMakePasswordLink() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiJson<PasswordLink>(path(userId, 'password-link'), { method: 'POST' }),
    meta: { quiet: true },
  });
}

/** GET admin/stats: the server's figures. */
export function useServerStats() {
  return useQuery({
    queryKey: adminStatsKey,
    queryFn: ({ signal }) => apiJson<ServerStats>('/api/admin/stats', { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    meta: { quiet: true },
  });
}

/** POST admin/jobs/retry: the failed background jobs, tried again. */
export function useRetryJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<RetriedJobs>('/api/admin/jobs/retry', { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminStatsKey }),
    meta: { quiet: true },
  });
}
