import type { TimelineMonth, TimelinePhoto } from '@photo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/components/error-state';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { rowHeight } from '../../../shared/lib/grid-tiles';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { isThumbShown, mediaNameWith } from '../../../shared/lib/media';
import { placeholderColour } from '../../../shared/lib/placeholder';
import { SelectableTile } from '../../../shared/selection/selectable-tile';
import type { Selection } from '../../../shared/selection/use-selection';
import { MediaBadge } from '../../../shared/ui/media-badge';
import { t, useT } from '../../../i18n/i18n';
import { FavouriteHeart } from '../../marks/components/favourite-heart';
import { useTimelineMonth } from '../api/get-timeline';
import {
  computeLayout,
  labelRoomFor,
  monthLabel,
  monthOfPhoto,
  ratioOf,
  rowAt,
  rowEnd,
  rowOfPhoto,
  type MonthBlock,
  type TimelineLayout,
} from '../lib/timeline-layout';
import { loadedPhotos, type OpenTarget } from '../lib/loaded-photos';
import { useFastScroll } from '../lib/use-fast-scroll';
import { Scrubber } from './scrubber';

/** A tile's description: what it is (a photo, a video and its length) and when it was taken. */
export const tileLabel = (photo: TimelinePhoto) =>
  mediaNameWith(photo, t('timeline.of', { date: formatDateTaken(photo.date) }));

/**
 * A picture that stops loading once its tile leaves: a fast scroll past thousands of tiles does
 * not leave their thumbnails queued ahead of those on the screen.
 */
const stopLoadingOnLeave = (image: HTMLImageElement | null) => {
  if (!image) return;
  return () => image.removeAttribute('src');
};

interface TileProps {
  photo: TimelinePhoto | undefined;
  /** False while the scrubber is dragged or the page flung: the tile shows its colour only. */
  pictures: boolean;
  open: OpenTarget;
  left: number;
  top: number;
  width: number;
  height: number;
  selection: Selection;
  ordered: () => readonly string[];
}

/** One tile: the photo's colour until its thumbnail is in, then the thumbnail, at its shape. */
const Tile = memo(function Tile({
  photo,
  pictures,
  open,
  left,
  top,
  width,
  height,
  selection,
  ordered,
}: TileProps) {
  const style = { transform: `translate(${left}px, ${top}px)`, width, height };
  if (!photo)
    return <div className="app-tl-tile app-tl-waiting" style={style} aria-hidden="true" />;
  const label = tileLabel(photo);
  return (
    <SelectableTile
      id={photo.id}
      label={label}
      selection={selection}
      ordered={ordered}
      role="listitem"
      className="app-tl-tile"
      style={style}
      open={(className) => <Link {...open(photo)} className={className} aria-label={label} />}
    >
      <span
        className="app-select-picture app-tl-picture"
        style={{ backgroundColor: placeholderColour(photo.placeholder) }}
      >
        {isThumbShown(photo) && pictures && (
          <img
            ref={stopLoadingOnLeave}
            src={sizedImageUrl(photo.photoUrl, 'thumb')}
            alt=""
            className="app-tl-img"
            decoding="async"
            draggable={false}
          />
        )}
        <MediaBadge photo={photo} />
      </span>
      <FavouriteHeart photoId={photo.id} favourite={photo.favourite} />
    </SelectableTile>
  );
});

/** About how wide a label's text is (px a character): the long label where it fits. */
const LABEL_CHAR = 8.5;

interface MonthProps {
  block: MonthBlock;
  layout: TimelineLayout;
  /** The rows near the screen. */
  firstRow: number;
  lastRow: number;
  selection: Selection;
  ordered: () => readonly string[];
  open: OpenTarget;
  /** The scrubber is dragged or the page flung: no photos asked for, no pictures, till it stops. */
  quiet: boolean;
  favourites: boolean;
  /** Says the shapes of the month's photos read so far. */
  onPhotos: (month: string, photos: readonly TimelinePhoto[]) => void;
}

/** The month's label: above its first photo, as wide as the month's photos in that row. */
function MonthLabel({ block, layout }: { block: MonthBlock; layout: TimelineLayout }) {
  const translate = useT();
  const { before, count, firstRow, month } = block;
  const end = Math.min(before + count, rowEnd(layout, firstRow)) - 1;
  const x = layout.left[before] ?? 0;
  const room = Math.max(
    labelRoomFor(layout.width),
    (layout.left[end] ?? 0) + (layout.tileWidth[end] ?? 0) - x,
  );
  const long = monthLabel(month);
  const fits = long.length * LABEL_CHAR <= room;
  return (
    <h2
      id={`month-${month}`}
      className="app-tl-heading"
      style={{
        transform: `translate(${x}px, ${block.top}px)`,
        maxWidth: Math.min(room, layout.width - x),
        height: layout.labelHeight,
      }}
      title={fits ? undefined : long}
    >
      {fits ? (
        <span className="app-tl-label">{long}</span>
      ) : (
        <>
          <span className="visually-hidden">{long}</span>
          <span className="app-tl-label" aria-hidden="true">
            {monthLabel(month, true)}
          </span>
        </>
      )}
      <span className="visually-hidden">{translate('timeline.count', { count })}</span>
    </h2>
  );
}

/**
 * A month: its label, and its tiles in the rows near the screen. Its photos are asked for once
 * its rows come near, page by page as far down the month as the screen reaches.
 */
function Month({ block, layout, firstRow, lastRow, quiet, onPhotos, ...tile }: MonthProps) {
  const { before, count, month } = block;
  const from = Math.max(before, layout.rowStart[Math.max(firstRow, block.firstRow)]!);
  const until = Math.min(before + count, rowEnd(layout, Math.min(lastRow, block.lastRow)));
  const needed = until > from && !quiet ? until - before : 0;
  const query = useTimelineMonth(month, needed > 0, tile.favourites);
  const translate = useT();
  const photos = useMemo(
    () => query.data?.pages.flatMap((page) => page.photos) ?? [],
    [query.data],
  );
  useEffect(() => {
    if (photos.length > 0) onPhotos(month, photos);
  }, [month, photos, onPhotos]);
  const { hasNextPage, isFetchingNextPage, isSuccess, fetchNextPage } = query;
  useEffect(() => {
    if (isSuccess && hasNextPage && !isFetchingNextPage && photos.length < needed) {
      void fetchNextPage();
    }
  }, [isSuccess, hasNextPage, isFetchingNextPage, photos.length, needed, fetchNextPage]);

  const tiles: ReactNode[] = [];
  for (let at = from; at < until; at += 1) {
    const row = rowOfPhoto(layout, at);
    tiles.push(
      <Tile
        key={at - before}
        photo={photos[at - before]}
        pictures={!quiet}
        open={tile.open}
        left={layout.left[at]!}
        top={layout.rowPhotoTop[row]!}
        width={layout.tileWidth[at]!}
        height={layout.rowHeight[row]!}
        selection={tile.selection}
        ordered={tile.ordered}
      />,
    );
  }
  return (
    <section aria-labelledby={`month-${month}`} className="app-tl-month">
      <MonthLabel block={block} layout={layout} />
      {query.isError && (
        <div
          className="app-tl-error"
          style={{ transform: `translateY(${layout.rowPhotoTop[block.firstRow]}px)` }}
        >
          <ErrorState
            title={translate('timeline.month.loadFailed')}
            message={errorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        </div>
      )}
      <div role="list" aria-label={translate('timeline.month', { month: monthLabel(month) })}>
        {tiles}
      </div>
    </section>
  );
}

/** Screens of tiles drawn above and below the one shown, so a quick scroll finds them there. */
const OVERSCAN_SCREENS = 0.75;

/**
 * The layout of the months at this width: photos read at their own shape, the others 4:3. When
 * photos above the screen take their shape, the page is scrolled by as much: what is on the
 * screen stays there.
 */
function useRowsLayout(months: readonly TimelineMonth[], width: number, top: number) {
  const [ratios, setRatios] = useState<ReadonlyMap<string, Float32Array>>(() => new Map());
  const onPhotos = useCallback((month: string, photos: readonly TimelinePhoto[]) => {
    const next = Float32Array.from(photos, (photo) => ratioOf(photo.width, photo.height));
    setRatios((known) => {
      const had = known.get(month);
      if (had?.length === next.length && had.every((ratio, at) => ratio === next[at])) {
        return known;
      }
      return new Map(known).set(month, next);
    });
  }, []);
  const layout = useMemo(
    () => computeLayout(months, width, (month) => ratios.get(month)),
    [months, width, ratios],
  );
  const previous = useRef(layout);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = layout;
    const offset = window.scrollY - top;
    if (before === layout || offset <= 0 || before.rowCount === 0 || layout.rowCount === 0) return;
    // The photo at the screen's top, and how far into its row the screen's top is.
    const row = rowAt(before, offset);
    const into = offset - before.rowTop[row]!;
    const now = layout.rowTop[rowOfPhoto(layout, before.rowStart[row]!)]! + into;
    if (Math.abs(now - offset) >= 1) window.scrollTo({ top: top + now, behavior: 'instant' });
  }, [layout, top]);
  return { layout, onPhotos };
}

export function TimelineGrid({
  months,
  width,
  top,
  selection,
  open,
  favourites,
}: {
  months: readonly TimelineMonth[];
  width: number;
  top: number;
  selection: Selection;
  open: OpenTarget;
  favourites: boolean;
}) {
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState(false);
  const flung = useFastScroll();
  const quiet = dragging || flung;
  const { layout, onPhotos } = useRowsLayout(months, width, top);
  const viewport = window.innerHeight;
  const virtualizer = useWindowVirtualizer({
    count: layout.rowCount,
    estimateSize: (row) =>
      (row + 1 < layout.rowCount ? layout.rowTop[row + 1]! : layout.height + layout.gap) -
      layout.rowTop[row]!,
    // While the scrubber is dragged, the screen only: each step of the drag draws a new one.
    overscan: dragging ? 0 : Math.ceil((viewport * OVERSCAN_SCREENS) / rowHeight(width)),
    scrollMargin: top,
    // A jump of the scrubber draws a new screen of tiles: in React's usual render, not one
    // forced inside the scroll event.
    useFlushSync: false,
  });
  useEffect(() => virtualizer.measure(), [layout, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const firstRow = rows[0]?.index ?? 0;
  const lastRow = rows.at(-1)?.index ?? -1;

  // Every photo read so far, in the order shown: what a Shift-click range runs along.
  const ordered = useCallback(
    () => loadedPhotos(queryClient, months, favourites).map((photo) => photo.id),
    [months, queryClient, favourites],
  );

  const shown: ReactNode[] = [];
  if (lastRow >= firstRow && layout.rowCount > 0) {
    const first = monthOfPhoto(layout, layout.rowStart[firstRow]!);
    const last = monthOfPhoto(layout, rowEnd(layout, lastRow) - 1);
    for (let at = first; at <= last; at += 1) {
      const block = layout.months[at]!;
      shown.push(
        <Month
          key={block.month}
          block={block}
          layout={layout}
          firstRow={firstRow}
          lastRow={lastRow}
          selection={selection}
          ordered={ordered}
          open={open}
          quiet={quiet}
          favourites={favourites}
          onPhotos={onPhotos}
        />,
      );
    }
  }
  return (
    <>
      <div className="app-tl-grid" style={{ height: layout.height }}>
        {shown}
      </div>
      <Scrubber layout={layout} top={top} onDragging={setDragging} />
    </>
  );
}
