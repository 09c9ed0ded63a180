/** The album page's query parameter naming the photo shown in the viewer: /album/{id}?photo={photoId}. */
export const PHOTO_PARAM = 'photo';
