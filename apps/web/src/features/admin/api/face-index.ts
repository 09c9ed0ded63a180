import type { FaceIndexStatus } from '@photo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';

const faceIndexKey = ['admin', 'faces'] as const;
const PATH = '/api/admin/faces/backfill';
/** While indexing jobs wait or run, the figures are read again this often. */
const WATCH_MS = 3000;

/** GET admin/faces/backfill: how far face indexing is; read again while it goes on. */
export function useFaceIndexStatus() {
  return useQuery({
    queryKey: faceIndexKey,
    queryFn: ({ signal }) => apiJson<FaceIndexStatus>(PATH, { signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.waiting + data.active > 0 ? WATCH_MS : false;
    },
    meta: { quiet: true },
  });
}

/** POST admin/faces/backfill: indexes every photo not indexed yet. */
export function useStartFaceBackfill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<FaceIndexStatus>(PATH, { method: 'POST' }),
    onSuccess: (status) => queryClient.setQueryData(faceIndexKey, status),
    meta: { quiet: true },
  });
}
