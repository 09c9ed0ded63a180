/** Query keys of the albums feature. */
export const albumKeys = {
  all: ['albums'] as const,
  lists: () => [...albumKeys.all, 'list'] as const,
  list: (scope: AlbumScope) => [...albumKeys.lists(), scope] as const,
  detail: (albumId: string) => [...albumKeys.all, 'detail', albumId] as const,
  photos: (albumId: string) => [...albumKeys.all, 'photos', albumId] as const,
  sharing: (albumId: string) => [...albumKeys.all, 'sharing', albumId] as const,
  sharedLink: (token: string) => [...albumKeys.all, 'shared-link', token] as const,
  sharedLinkPhotos: (token: string) => [...albumKeys.all, 'shared-link', token, 'photos'] as const,
};

/** Recent albums (all one may see, newest first), the signed-in user's own, or shared with them. */
export type AlbumScope = 'recent' | 'mine' | 'shared';
