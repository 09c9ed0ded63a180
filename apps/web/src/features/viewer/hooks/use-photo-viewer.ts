import type { Photo } from '@photo/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PHOTO_PARAM } from '../lib/photo-param';

/** A paged list of photos, as an infinite query read flat answers it. */
export interface ViewerPhotos {
  data: readonly Photo[] | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isSuccess: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Opened from a card of this page (so closing goes back), not from a shared address. */
interface ViewerState {
  openedViewer?: boolean;
}

/**
 * The photo shown in the viewer, named by the address (?photo=…), so a reload or a shared link
 * shows it again. Closing the viewer puts the focus back on that photo's card.
 */
export function usePhotoViewer(photos: ViewerPhotos) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const shownId = searchParams.get(PHOTO_PARAM);
  const list = useMemo(() => photos.data ?? [], [photos.data]);
  const index = shownId === null ? -1 : list.findIndex((photo) => photo.id === shownId);
  const cardLinks = useRef(new Map<string, HTMLAnchorElement>());
  const lastShown = useRef<string | null>(null);
  const focusWhenDrawn = useRef<string | null>(null);
  const { hasNextPage, isFetchingNextPage, isSuccess, fetchNextPage } = photos;
  const openedHere = (location.state as ViewerState | null)?.openedViewer === true;

  const close = useCallback(() => {
    if (openedHere) void navigate(-1);
    else void navigate({ search: '' }, { replace: true, preventScrollReset: true });
  }, [navigate, openedHere]);

  const view = useCallback(
    (next: number) => {
      const photo = list[next];
      if (!photo || photo.id === shownId) return;
      void navigate(
        { search: `?${PHOTO_PARAM}=${encodeURIComponent(photo.id)}` },
        { replace: true, state: location.state as unknown, preventScrollReset: true },
      );
    },
    [list, shownId, navigate, location.state],
  );

  // Where the shown photo last was in the list: when it leaves the list (deleted, here or
  // elsewhere, before the address has moved on), the photo that takes its place is shown.
  const [place, setPlace] = useState<{ id: string; index: number } | null>(null);
  if (shownId !== null && index >= 0 && (place?.id !== shownId || place.index !== index)) {
    setPlace({ id: shownId, index });
  }
  // Shown meanwhile (the viewer stays open on it), until the address names it.
  // As the viewer's own Delete goes on: to the next photo, or it closes after the last.
  const standIn =
    index < 0 &&
    shownId !== null &&
    place?.id === shownId &&
    !hasNextPage &&
    place.index < list.length
      ? place.index
      : -1;

  // A photo further down the album than the pages read so far: read on until it is there.
  // Near the end of what is read, read the next page, so "next" goes on.
  useEffect(() => {
    if (shownId === null || !isSuccess || isFetchingNextPage) return;
    const missing = index < 0;
    if ((missing || index >= list.length - 2) && hasNextPage) {
      void fetchNextPage();
    } else if (missing && !hasNextPage) {
      const next = list[standIn];
      void navigate(
        next ? { search: `?${PHOTO_PARAM}=${encodeURIComponent(next.id)}` } : { search: '' },
        {
          replace: true,
          state: next ? (location.state as unknown) : undefined,
          preventScrollReset: true,
        },
      );
    }
  }, [
    shownId,
    index,
    list,
    isSuccess,
    isFetchingNextPage,
    hasNextPage,
    fetchNextPage,
    navigate,
    location.state,
    standIn,
  ]);

  useEffect(() => {
    if (shownId !== null) {
      lastShown.current = shownId;
      focusWhenDrawn.current = null;
      return;
    }
    if (lastShown.current !== null) {
      const card = cardLinks.current.get(lastShown.current);
      // A card not drawn yet (the grid is still scrolling to it) takes the focus once it is.
      if (card) card.focus();
      else focusWhenDrawn.current = lastShown.current;
      lastShown.current = null;
    }
  }, [shownId]);

  const linkRef = useCallback(
    (photoId: string) => (element: HTMLAnchorElement | null) => {
      if (!element) {
        cardLinks.current.delete(photoId);
        return;
      }
      cardLinks.current.set(photoId, element);
      // Unless the focus has gone somewhere meanwhile.
      if (focusWhenDrawn.current !== photoId) return;
      focusWhenDrawn.current = null;
      if (document.activeElement === document.body) element.focus();
    },
    [],
  );

  return { index: index >= 0 ? index : standIn, list, view, close, linkRef };
}
