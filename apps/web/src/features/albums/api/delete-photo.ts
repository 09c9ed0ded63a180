import { apiRequest } from '../../../shared/api/api-client';

/**
 * DELETE photos/{photoId}: removes a photo from its album (its owner any photo, a contributor
 * theirs), to Trash when the server keeps one.
 */
export async function deletePhoto(photoId: string): Promise<void> {
  await apiRequest(`/api/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' });
}
