export const photoKeys = {
  all: ['photos'] as const,
  detail: (photoId: string) => [...photoKeys.all, photoId] as const,
  comments: (photoId: string) => [...photoKeys.all, photoId, 'comments'] as const,
  likes: (photoId: string) => [...photoKeys.all, photoId, 'likes'] as const,
};
