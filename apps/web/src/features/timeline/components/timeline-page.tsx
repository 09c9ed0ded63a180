import type { TimelinePage as TimelinePageData, TimelinePhoto } from '@photo/contract';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { placeholderColour } from '../../../shared/lib/placeholder';
import { SelectableTile } from '../../../shared/selection/selectable-tile';
import { SelectionNotice } from '../../../shared/selection/selection-notice';
import { useSelection, type Selection } from '../../../shared/selection/use-selection';
import { useTimelineMonth, useTimelineMonths } from '../api/get-timeline';
import { timelineKeys } from '../api/timeline-keys';
import {
  MONTH_HEADING_HEIGHT,
  computeLayout,
  monthLabel,
  rowsBetween,
  type MonthBlock,
  type TimelineLayout,
} from '../lib/timeline-layout';
import { Scrubber } from './scrubber';
import './timeline.css';
import { usePlace } from '../../../shared/lib/use-place';
import { isThumbShown, mediaNameWith } from '../../../shared/lib/media';
import { MediaBadge } from '../../../shared/ui/media-badge';
import { t, useT } from '../../../i18n/i18n';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { selectedMarks, type SelectedMarks } from '../../../shared/selection/selected-marks';
import { FavouriteHeart } from '../../marks/components/favourite-heart';
import { HeartIcon } from '../../../shared/components/heart-icon';
import { favouriteNow } from '../../marks/lib/favourites-store';

/** A tile's description: what it is (a photo, a video and its length) and when it was taken. */
const tileLabel = (photo: TimelinePhoto) =>
  mediaNameWith(photo, t('timeline.of', { date: formatDateTaken(photo.date) }));

/** Where a tile's link goes: the viewer on this page (?photo=…), or the photo's own page. */
type OpenTarget = (photo: TimelinePhoto) => { to: string | { search: string }; state?: unknown };

interface TileProps {
  photo: TimelinePhoto | undefined;
  /** False while the scrubber is dragged: the tile shows its colour only. */
  pictures: boolean;
  open: OpenTarget;
  left: number;
  top: number;
  size: number;
  selection: Selection;
  ordered: () => readonly string[];
}

/** One square tile: the photo's colour until its thumbnail is in, then the thumbnail. */
const Tile = memo(function Tile({
  photo,
  pictures,
  open,
  left,
  top,
  size,
  selection,
  ordered,
}: TileProps) {
  const style = { transform: `translate(${left}px, ${top}px)`, width: size, height: size };
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
            src={sizedImageUrl(photo.photoUrl, 'thumb')}
            alt=""
            className="app-tl-img"
            loading="lazy"
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

interface MonthProps {
  block: MonthBlock;
  layout: TimelineLayout;
  /** What of the timeline is near the screen, from its top (px). */
  from: number;
  to: number;
  selection: Selection;
  ordered: () => readonly string[];
  open: OpenTarget;
  /** The scrubber is being dragged: no photos are asked for, no pictures loaded, till it stops. */
  dragging: boolean;
  /** Only the person's favourites (the Favourites page). */
  favourites: boolean;
}

/**
 * A month: its heading, and the tiles of its rows near the screen. Its photos are asked for once
 * its rows come near, page by page as far down the month as the screen reaches.
 */
function Month({
  block,
  layout,
  from,
  to,
  selection,
  ordered,
  open,
  dragging,
  favourites,
}: MonthProps) {
  const { first, last } = rowsBetween(layout, block, from, to);
  const needed =
    last >= first && !dragging ? Math.min(block.count, (last + 1) * layout.columns) : 0;
  const query = useTimelineMonth(block.month, needed > 0, favourites);
  const translate = useT();
  const photos = useMemo(
    () => query.data?.pages.flatMap((page) => page.photos) ?? [],
    [query.data],
  );
  const { hasNextPage, isFetchingNextPage, isSuccess, fetchNextPage } = query;
  useEffect(() => {
    if (isSuccess && hasNextPage && !isFetchingNextPage && photos.length < needed) {
      void fetchNextPage();
    }
  }, [isSuccess, hasNextPage, isFetchingNextPage, photos.length, needed, fetchNextPage]);

  const headingId = `month-${block.month}`;
  const tiles: ReactNode[] = [];
  for (let row = first; row <= last; row += 1) {
    for (let column = 0; column < layout.columns; column += 1) {
      const index = row * layout.columns + column;
      if (index >= block.count) break;
      tiles.push(
        <Tile
          key={index}
          photo={photos[index]}
          pictures={!dragging}
          open={open}
          left={column * layout.rowStride}
          top={MONTH_HEADING_HEIGHT + row * layout.rowStride}
          size={layout.tile}
          selection={selection}
          ordered={ordered}
        />,
      );
    }
  }
  return (
    <section aria-labelledby={headingId} className="app-tl-month" style={{ height: block.height }}>
      <h2 id={headingId} className="app-tl-heading">
        {monthLabel(block.month)}
        <span className="app-tl-count">{translate('timeline.count', { count: block.count })}</span>
      </h2>
      {query.isError && (
        <ErrorState
          title={translate('timeline.month.loadFailed')}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      )}
      <div role="list" aria-label={translate('timeline.month', { month: monthLabel(block.month) })}>
        {tiles}
      </div>
    </section>
  );
}

/** Screens of tiles drawn above and below the one shown, so a quick scroll finds them there. */
const OVERSCAN_SCREENS = 0.75;

/** Every photo of the timeline read so far, in the order shown. */
function loadedPhotos(
  queryClient: ReturnType<typeof useQueryClient>,
  months: readonly { month: string }[],
  favourites: boolean,
): TimelinePhoto[] {
  return months.flatMap(
    ({ month }) =>
      queryClient
        .getQueryData<InfiniteData<TimelinePageData>>(timelineKeys.month(month, favourites))
        ?.pages.flatMap((page) => page.photos) ?? [],
  );
}

function TimelineGrid({
  layout,
  top,
  selection,
  open,
  favourites,
}: {
  layout: TimelineLayout;
  top: number;
  selection: Selection;
  open: OpenTarget;
  favourites: boolean;
}) {
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState(false);
  const virtualizer = useWindowVirtualizer({
    count: layout.months.length,
    estimateSize: (index) => layout.months[index]!.height,
    overscan: 1,
    scrollMargin: top,
    getItemKey: (index) => layout.months[index]!.month,
    // A jump of the scrubber draws a new screen of tiles: in React's usual render, not one
    // forced inside the scroll event.
    useFlushSync: false,
  });
  useEffect(() => virtualizer.measure(), [layout, virtualizer]);
  const scrolled = (virtualizer.scrollOffset ?? window.scrollY) - top;
  const viewport = virtualizer.scrollRect?.height || window.innerHeight;
  // While the scrubber is dragged, the screen only: each step of the drag draws a new one.
  const overscan = dragging ? 0 : viewport * OVERSCAN_SCREENS;
  const from = scrolled - overscan;
  const to = scrolled + viewport + overscan;

  // Every photo read so far, in the order shown: what a Shift-click range runs along.
  const ordered = useCallback(
    () => loadedPhotos(queryClient, layout.months, favourites).map((photo) => photo.id),
    [layout, queryClient, favourites],
  );

  return (
    <>
      <div className="app-tl-grid" style={{ height: layout.height }}>
        {virtualizer.getVirtualItems().map((item) => {
          const block = layout.months[item.index]!;
          return (
            <div
              key={item.key}
              className="app-tl-place"
              style={{ transform: `translateY(${block.top}px)` }}
            >
              <Month
                block={block}
                layout={layout}
                from={from}
                to={to}
                selection={selection}
                ordered={ordered}
                open={open}
                dragging={dragging}
                favourites={favourites}
              />
            </div>
          );
        })}
      </div>
      <Scrubber layout={layout} top={top} onDragging={setDragging} />
    </>
  );
}

/** What the viewer is given: the photos read so far, in order, and the one shown. */
export interface TimelineViewerProps {
  photos: readonly TimelinePhoto[];
  index: number;
  onView: (index: number) => void;
  onClose: () => void;
}

/** The query parameter naming the photo the viewer shows: /photos?photo={photoId}. */
const PHOTO_PARAM = 'photo';

interface TimelinePageProps {
  /** The bar over the top bar while photos are selected (its actions, and what they are). */
  selectionBar?: (selection: Selection, marks: SelectedMarks) => ReactNode;
  /** Only the person's favourites: the Favourites page (decision 0082). */
  favourites?: boolean;
  /** The viewer, over the page; without it a tile opens the photo's own page. */
  viewer?: (props: TimelineViewerProps) => ReactNode;
}

/**
 * The photo shown in the viewer, named by the address (?photo=…), among the photos read so far;
 * arrows step through them in the timeline's order. A photo not read (an address from elsewhere)
 * is shown on its own page.
 */
function useTimelineViewer(months: readonly { month: string }[] | undefined, favourites: boolean) {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const shownId = searchParams.get(PHOTO_PARAM);
  const photos = useMemo(
    () => (shownId !== null && months ? loadedPhotos(queryClient, months, favourites) : []),
    [shownId, months, queryClient, favourites],
  );
  const index = shownId === null ? -1 : photos.findIndex((photo) => photo.id === shownId);
  const openedHere = (location.state as { openedViewer?: boolean } | null)?.openedViewer === true;
  useEffect(() => {
    if (shownId !== null && months && index < 0) {
      void navigate(paths.photo(shownId), { replace: true });
    }
  }, [shownId, months, index, navigate]);
  return {
    photos,
    index,
    onView: (next: number) => {
      const photo = photos[next];
      if (!photo) return;
      void navigate(
        { search: `?${PHOTO_PARAM}=${encodeURIComponent(photo.id)}` },
        { replace: true, state: location.state as unknown, preventScrollReset: true },
      );
    },
    onClose: () => {
      if (openedHere) void navigate(-1);
      else void navigate({ search: '' }, { replace: true, preventScrollReset: true });
    },
  };
}

const toViewer: OpenTarget = (photo) => ({
  to: { search: `?${PHOTO_PARAM}=${encodeURIComponent(photo.id)}` },
  state: { openedViewer: true },
});
const toPhotoPage: OpenTarget = (photo) => ({ to: paths.photo(photo.id) });

/**
 * The favourites filter of Photos: a toggle between all of Photos and the Favourites page (the
 * same grid, of the person's favourites only).
 */
function FavouritesFilter({ on }: { on: boolean }) {
  const translate = useT();
  return (
    <Link
      to={on ? paths.timeline : paths.favourites}
      className={`btn btn-sm rounded-pill ms-auto app-tl-filter ${on ? 'btn-primary' : 'btn-outline-secondary'}`}
      aria-pressed={on}
      role="button"
    >
      <HeartIcon filled={on} />
      <span className="ms-1">{translate('timeline.favourites.filter')}</span>
    </Link>
  );
}

/** The Favourites page with none yet: what it is for, and where the hearts are. */
function NoFavourites() {
  const translate = useT();
  return (
    <EmptyState>
      <span className="app-tl-empty-heart">
        <HeartIcon />
      </span>
      <p className="h5 mt-3 text-body">{translate('timeline.favourites.empty')}</p>
      <p>{translate('timeline.favourites.empty.text')}</p>
      <Link to={paths.timeline} className="btn btn-primary">
        {translate('timeline.favourites.empty.action')}
      </Link>
    </EmptyState>
  );
}

/**
 * Every photo one may see, newest first, month by month, as square tiles (Photos): the layout is
 * computed from the month counts alone, only the rows near the screen are drawn, and a month's
 * photos are read when its rows come near. A scrubber on the right jumps to any month.
 */
export function TimelinePage({ selectionBar, viewer, favourites = false }: TimelinePageProps) {
  const months = useTimelineMonths(favourites);
  const shown = useTimelineViewer(months.data?.months, favourites);
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  const selection = useSelection();
  const [measure, { width, top }] = usePlace();
  const translate = useT();
  const layout = useMemo(
    () => (months.data && width ? computeLayout(months.data.months, width) : undefined),
    [months.data, width],
  );

  let body: ReactNode;
  if (months.isPending) body = <LoadingState label={translate('timeline.loading')} />;
  else if (months.isError) {
    body = (
      <ErrorState
        title={translate('timeline.loadFailed')}
        message={errorMessage(months.error)}
        onRetry={() => void months.refetch()}
      />
    );
  } else if (months.data.months.length === 0 && favourites) {
    body = <NoFavourites />;
  } else if (months.data.months.length === 0) {
    body = (
      <EmptyState>
        <p className="h5 mt-3 text-body">{translate('timeline.empty')}</p>
        <p>{translate('timeline.empty.text')}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Link to={paths.createAlbum} className="btn btn-primary">
            {translate('timeline.empty.create')}
          </Link>
          <Link to={paths.myAlbums} className="btn btn-outline-primary">
            {translate('timeline.empty.upload')}
          </Link>
        </div>
      </EmptyState>
    );
  }
  const title = translate(favourites ? 'timeline.favourites.title' : 'timeline.title');
  const marksOf = (chosen: Selection) =>
    selectedMarks(
      loadedPhotos(queryClient, months.data?.months ?? [], favourites),
      chosen.ids,
      userId,
      (photo) => favouriteNow(photo.id, photo.favourite === true),
    );
  return (
    <div className="app-timeline">
      <PageTitle title={title} />
      <div className="app-tl-head">
        <h1 className="h4 mb-0">{title}</h1>
        {months.data && months.data.total > 0 && (
          <p className="small text-body-secondary mb-0">
            {translate('timeline.count', { count: months.data.total })}
          </p>
        )}
        <FavouritesFilter on={favourites} />
      </div>
      {body}
      <div ref={measure} className="app-tl-measure">
        {layout && layout.months.length > 0 && (
          <TimelineGrid
            layout={layout}
            top={top}
            selection={selection}
            open={viewer ? toViewer : toPhotoPage}
            favourites={favourites}
          />
        )}
      </div>
      {viewer && shown.index >= 0 && viewer(shown)}
      {selection.selecting && selectionBar?.(selection, marksOf(selection))}
      <SelectionNotice selection={selection} />
    </div>
  );
}
