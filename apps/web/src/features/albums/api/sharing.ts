import type {
  Album,
  AlbumSharing,
  AlbumVisibility,
  InviteResult,
  MemberRole,
  Photo,
  ShareLink,
} from '@photo/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiPage } from '../../../shared/api/api-client';
import { albumKeys } from './album-keys';
import { refetchWhileMaking } from '../../../shared/lib/media';

const albumPath = (albumId: string) => `/api/albumsDb/${encodeURIComponent(albumId)}`;

/** The Share dialog says what went wrong inside itself, not in the notification area. */
const SAID_IN_THE_DIALOG = { quiet: true };

/** GET albumsDb/{id}/sharing: visibility, members, pending invitations, link (owner only). */
export function useAlbumSharing(albumId: string, enabled: boolean) {
  return useQuery({
    queryKey: albumKeys.sharing(albumId),
    queryFn: ({ signal }) => apiJson<AlbumSharing>(`${albumPath(albumId)}/sharing`, { signal }),
    enabled,
    // Read again each time the dialog opens: invitations turn into members meanwhile.
    staleTime: 0,
    meta: SAID_IN_THE_DIALOG,
  });
}

/** After a change of who sees the album: its lists, its page and its dialog read again. */
function useSharingChanged(albumId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: albumKeys.sharing(albumId) }),
      queryClient.invalidateQueries({ queryKey: albumKeys.detail(albumId) }),
      queryClient.invalidateQueries({ queryKey: albumKeys.lists() }),
    ]);
  };
}

/** PUT albumsDb/{id}/visibility. */
export function useSetVisibility(albumId: string) {
  const queryClient = useQueryClient();
  const changed = useSharingChanged(albumId);
  return useMutation({
    mutationFn: (visibility: AlbumVisibility) =>
      apiJson<AlbumSharing>(`${albumPath(albumId)}/visibility`, {
        method: 'PUT',
        json: { visibility },
      }),
    onSuccess: async (sharing) => {
      queryClient.setQueryData(albumKeys.sharing(albumId), sharing);
      await changed();
    },
    meta: SAID_IN_THE_DIALOG,
  });
}

/** POST albumsDb/{id}/members: invites an address with a role. */
export function useInvite(albumId: string) {
  const changed = useSharingChanged(albumId);
  return useMutation({
    mutationFn: (input: { emailAddress: string; role: MemberRole }) =>
      apiJson<InviteResult>(`${albumPath(albumId)}/members`, { method: 'POST', json: input }),
    onSuccess: changed,
    meta: SAID_IN_THE_DIALOG,
  });
}

function deleteMember(albumId: string, userId: string) {
  return apiJson<null>(`${albumPath(albumId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

/** DELETE albumsDb/{id}/members/{userId}: the owner removes a member. */
export function useRemoveMember(albumId: string) {
  const changed = useSharingChanged(albumId);
  return useMutation({
    mutationFn: (userId: string) => deleteMember(albumId, userId),
    onSuccess: changed,
    meta: SAID_IN_THE_DIALOG,
  });
}

/** DELETE albumsDb/{id}/members/{own id}: a member leaves the album. */
export function useLeaveAlbum(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => deleteMember(albumId, userId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: albumKeys.detail(albumId) });
      await queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
    },
  });
}

/** DELETE albumsDb/{id}/invitations/{invitationId}: withdraws a pending invitation. */
export function useCancelInvitation(albumId: string) {
  const changed = useSharingChanged(albumId);
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiJson<null>(`${albumPath(albumId)}/invitations/${encodeURIComponent(invitationId)}`, {
        method: 'DELETE',
      }),
    onSuccess: changed,
    meta: SAID_IN_THE_DIALOG,
  });
}

/** POST albumsDb/{id}/link: a new share link (an earlier one stops working). */
export function useCreateLink(albumId: string) {
  const changed = useSharingChanged(albumId);
  return useMutation({
    mutationFn: () => apiJson<ShareLink>(`${albumPath(albumId)}/link`, { method: 'POST' }),
    onSuccess: changed,
    meta: SAID_IN_THE_DIALOG,
  });
}

/** PUT albumsDb/{id}/link: whether the link also offers the album's originals as one zip. */
export function useSetLinkDownload(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowDownload: boolean) =>
      apiJson<ShareLink>(`${albumPath(albumId)}/link`, { method: 'PUT', json: { allowDownload } }),
    onSuccess: (link) =>
      queryClient.setQueryData<AlbumSharing>(
        albumKeys.sharing(albumId),
        (sharing) => sharing && { ...sharing, link },
      ),
    meta: SAID_IN_THE_DIALOG,
  });
}

/** DELETE albumsDb/{id}/link: Stop sharing by link. */
export function useRevokeLink(albumId: string) {
  const changed = useSharingChanged(albumId);
  return useMutation({
    mutationFn: () => apiJson<null>(`${albumPath(albumId)}/link`, { method: 'DELETE' }),
    onSuccess: changed,
    meta: SAID_IN_THE_DIALOG,
  });
}

/** A share link's address in the API: its album; with /photos, /download, its photos and zip. */
export const sharedPath = (token: string) => `/api/shared/${encodeURIComponent(token)}`;

/** GET shared/{token}: the album a share link opens, for anyone who holds it. */
export function useSharedAlbum(token: string) {
  return useQuery({
    queryKey: albumKeys.sharedLink(token),
    queryFn: ({ signal }) => apiJson<Album>(sharedPath(token), { signal }),
    // A link that does not work is said on the page itself.
    meta: { quietErrorCodes: ['LINK_NOT_FOUND'] },
    retry: false,
  });
}

/** GET shared/{token}/photos, page by page. */
export function useSharedPhotos(token: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: albumKeys.sharedLinkPhotos(token),
    queryFn: ({ pageParam, signal }) => apiPage<Photo>(pageParam, signal),
    initialPageParam: `${sharedPath(token)}/photos`,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
    // A video being prepared plays once it is ready: look again until then.
    refetchInterval: (query) =>
      refetchWhileMaking(query.state.data?.pages.flatMap((page) => page.items) ?? [], false),
    meta: { quietErrorCodes: ['LINK_NOT_FOUND'] },
    enabled,
  });
}
