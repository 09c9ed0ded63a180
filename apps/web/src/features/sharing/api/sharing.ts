import type {
  Album,
  AlbumMember,
  AlbumSharing,
  CreateShareLinkRequest,
  UpdateShareLinkRequest,
  AlbumVisibility,
  InviteResult,
  MemberRole,
  Photo,
  ShareLink,
} from '@photo/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiPage } from '../../../shared/api/api-client';
import { albumKeys } from '../../albums/api/album-keys';
import { deleteMember } from '../../albums/api/leave-album';
import { refetchWhileMaking } from '../../../shared/lib/media';
import { ApiError } from '../../../shared/api/api-error';
import { LINK_PASSWORD_REQUIRED, keepLinkKey, linkKeyHeaders, sharedPath } from './shared-link';

export { sharedPath };

const albumPath = (albumId: string) => `/api/albumsDb/${encodeURIComponent(albumId)}`;

/** The Share dialog says what went wrong inside itself, not in the notification area. */
const SAID_IN_THE_DIALOG = { quiet: true };

/** How often the open Share dialog reads its album's sharing again (ms). */
const SHARING_RECHECK_MS = 10_000;

/** GET albumsDb/{id}/sharing: visibility, members, pending invitations, link (owner only). */
export function useAlbumSharing(albumId: string, enabled: boolean) {
  return useQuery({
    queryKey: albumKeys.sharing(albumId),
    queryFn: ({ signal }) => apiJson<AlbumSharing>(`${albumPath(albumId)}/sharing`, { signal }),
    enabled,
    // Read again each time the dialog opens, when the person comes back to the tab, and every
    // little while it stays open: invitations turn into members, and guests open links and add
    // photos meanwhile (the links' "Opened" and counts stay current).
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: enabled ? SHARING_RECHECK_MS : false,
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

/** DELETE albumsDb/{id}/members/{userId}: the owner removes a member. */
export function useRemoveMember(albumId: string) {
  const changed = useSharingChanged(albumId);
  return useMutation({
    mutationFn: (userId: string) => deleteMember(albumId, userId),
    onSuccess: changed,
    meta: SAID_IN_THE_DIALOG,
  });
}

/** PATCH albumsDb/{id}/members/{userId}: the owner changes a member's role. */
export function useChangeMemberRole(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
      apiJson<AlbumMember>(`${albumPath(albumId)}/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        json: { role },
      }),
    onSuccess: (member) =>
      queryClient.setQueryData<AlbumSharing>(
        albumKeys.sharing(albumId),
        (sharing) =>
          sharing && {
            ...sharing,
            members: sharing.members.map((m) => (m.userId === member.userId ? member : m)),
          },
      ),
    meta: SAID_IN_THE_DIALOG,
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

/** POST albumsDb/{id}/links: one more share link, with what it allows. */
export function useCreateShareLink(albumId: string) {
  const changed = useSharingChanged(albumId);
  return useMutation({
    mutationFn: (input: CreateShareLinkRequest) =>
      apiJson<ShareLink>(`${albumPath(albumId)}/links`, { method: 'POST', json: input }),
    onSuccess: changed,
    meta: SAID_IN_THE_DIALOG,
  });
}

/** DELETE albumsDb/{id}/links/{linkId}: stops one link; the others keep working. */
export function useStopShareLink(albumId: string) {
  const changed = useSharingChanged(albumId);
  return useMutation({
    mutationFn: (linkId: string) =>
      apiJson<null>(`${albumPath(albumId)}/links/${encodeURIComponent(linkId)}`, {
        method: 'DELETE',
      }),
    onSuccess: changed,
    meta: SAID_IN_THE_DIALOG,
  });
}

/** PATCH albumsDb/{id}/links/{linkId}: changes what one link allows. */
export function useUpdateShareLink(albumId: string) {
  const changed = useSharingChanged(albumId);
  return useMutation({
    mutationFn: ({ linkId, change }: { linkId: string; change: UpdateShareLinkRequest }) =>
      apiJson<ShareLink>(`${albumPath(albumId)}/links/${encodeURIComponent(linkId)}`, {
        method: 'PATCH',
        json: change,
      }),
    onSuccess: changed,
    meta: SAID_IN_THE_DIALOG,
  });
}

/** GET shared/{token}: the album a share link opens, for anyone who holds it. */
export function useSharedAlbum(token: string) {
  return useQuery({
    queryKey: albumKeys.sharedLink(token),
    queryFn: async ({ signal }) => {
      try {
        return await apiJson<Album>(sharedPath(token), { signal, headers: linkKeyHeaders(token) });
      } catch (error) {
        // A key that no longer works (expired, or the password changed) is forgotten.
        if (error instanceof ApiError && error.code === LINK_PASSWORD_REQUIRED) {
          keepLinkKey(token, null);
        }
        throw error;
      }
    },
    // A link that does not work, or asks for its password, is said on the page itself.
    meta: { quietErrorCodes: ['LINK_NOT_FOUND', LINK_PASSWORD_REQUIRED] },
    retry: false,
  });
}

/**
 * GET shared/{token}/photos/{photoId}: one photo of the link's album with its details (the
 * viewer's details panel); the list's copy (`known`) is shown until it answers.
 */
export function useSharedPhoto(token: string, known: Photo) {
  return useQuery({
    queryKey: [...albumKeys.sharedLink(token), 'photo', known.id],
    queryFn: ({ signal }) =>
      apiJson<Photo>(`${sharedPath(token)}/photos/${encodeURIComponent(known.id)}`, {
        signal,
        headers: linkKeyHeaders(token),
      }),
    placeholderData: known,
    meta: { quietErrorCodes: ['LINK_NOT_FOUND', LINK_PASSWORD_REQUIRED, 'PHOTO_NOT_FOUND'] },
  });
}

/** GET shared/{token}/photos, page by page. */
export function useSharedPhotos(token: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: albumKeys.sharedLinkPhotos(token),
    queryFn: ({ pageParam, signal }) => apiPage<Photo>(pageParam, signal, linkKeyHeaders(token)),
    initialPageParam: `${sharedPath(token)}/photos`,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
    // A video being prepared plays once it is ready: look again until then.
    refetchInterval: (query) =>
      refetchWhileMaking(query.state.data?.pages.flatMap((page) => page.items) ?? [], false),
    meta: { quietErrorCodes: ['LINK_NOT_FOUND', LINK_PASSWORD_REQUIRED] },
    enabled,
  });
}
