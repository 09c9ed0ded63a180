import { LINK_KEY_HEADER } from '@photo/contract';
import { z } from 'zod';
import { entityId } from '../../http/route-schemas.js';

/** What the sharing routes' schemas share: their params, the link key header, and a sentence. */
export const albumParams = z.object({ albumId: entityId });
export const linkParams = z.object({ token: z.string().min(1).max(100) });
export const linkPhotoParams = linkParams.extend({ photoId: entityId });
export const linkIdParams = z.object({ albumId: entityId, linkId: entityId });
export const linkKeyHeaders = z.object({ [LINK_KEY_HEADER]: z.string().max(200).optional() });

export function linkKeyOf(request: { headers: Record<string, unknown> }): string | undefined {
  const key = request.headers[LINK_KEY_HEADER];
  return typeof key === 'string' ? key : undefined;
}
export const HIDDEN =
  'An album the caller may not see answers 404 ALBUM_NOT_FOUND, exactly like one that does not exist.';
