/** Query keys of the albums feature. */
export const albumKeys = {
  all: ['albums'] as const,
  lists: () => [...albumKeys.all, 'list'] as const,
  list: (scope: AlbumScope) => [...albumKeys.lists(), scope] as const,
  detail: (albumId: string) => [...albumKeys.all, 'detail', albumId] as const,
  photos: (albumId: string) => [...albumKeys.all, 'photos', albumId] as const,
};

/** Recent albums (everyone's, newest first) or the signed-in user's own. */
export type AlbumScope = 'recent' | 'mine';
