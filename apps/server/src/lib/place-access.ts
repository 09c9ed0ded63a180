/**
 * Who sees where a photo was taken (decision 0081): the owner of its file always; the people an
 * album is shared with (members, link visitors, anyone who may read it) when the album's owner
 * turned on its show_places setting, and only for the album owner's own files: a photo saved
 * into the album from someone else's shows that person's file, whose place is theirs to give.
 */
export function placeShownTo(
  facts: {
    fileOwnerId: string;
    albumOwnerId: string;
    /** SQLite answers 0 or 1, PostgreSQL an integer too. */
    showPlaces: number | boolean;
  },
  viewerId: string | null,
): boolean {
  if (viewerId !== null && viewerId === facts.fileOwnerId) return true;
  return Boolean(Number(facts.showPlaces)) && facts.fileOwnerId === facts.albumOwnerId;
}
