import type { ReactNode } from 'react';

/**
 * What a page knows of its selected photos' marks (decision 0082), for the selection bar to offer
 * what applies: Favourite or Remove from favourites, Archive or Unarchive (one's own photos only).
 */
export interface SelectedMarks {
  /** Every selected photo is a favourite: the bar offers Remove from favourites. */
  allFavourite: boolean;
  /** Every selected photo is one the person added: Archive or Unarchive apply. */
  allMine: boolean;
  /** Every selected photo is archived: the bar offers Unarchive. */
  allArchived: boolean;
}

interface MarkedPhoto {
  id: string;
  createdById: string;
  favourite?: boolean | undefined;
  archived?: boolean | undefined;
}

/**
 * The marks of the selected photos among those the page has read (the server decides in the end:
 * a photo of someone else's file is refused). `isFavourite` gives a heart as changed in this tab.
 */
export function selectedMarks(
  photos: readonly MarkedPhoto[],
  ids: ReadonlySet<string>,
  userId: string | null,
  isFavourite: (photo: MarkedPhoto) => boolean = (photo) => photo.favourite === true,
): SelectedMarks {
  const chosen = photos.filter((photo) => ids.has(photo.id));
  const all = (test: (photo: MarkedPhoto) => boolean) => chosen.length > 0 && chosen.every(test);
  return {
    allFavourite: all(isFavourite),
    allMine: userId !== null && all((photo) => photo.createdById === userId),
    allArchived: all((photo) => photo.archived === true),
  };
}

/** What the bar gives the actions on marks: the photos, what they are, and its own button. */
export interface MarkActionsProps {
  ids: string[];
  marks: SelectedMarks;
  busy: boolean;
  /** Runs the action unless the selection is larger than one call takes. */
  checked: (then: () => void) => () => void;
  /** The action is done: the selection is cleared and what it did is said. */
  finish: (notice: string) => void;
  action: (props: {
    icon: 'heart' | 'unheart' | 'archive' | 'unarchive';
    label: string;
    onClick: () => void;
    disabled?: boolean;
  }) => ReactNode;
}
