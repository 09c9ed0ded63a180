import type { TimelineMonth, TimelinePhoto } from '@photo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { SelectionNotice } from '../../../shared/selection/selection-notice';
import { useSelection, type Selection } from '../../../shared/selection/use-selection';
import { useTimelineMonths } from '../api/get-timeline';
import { loadedPhotos, type OpenTarget } from '../lib/loaded-photos';
import { photosAround } from '../lib/photos-around';
import { TimelineFirstScreen } from './timeline-first-screen';
import { TimelineGrid } from './timeline-grid';
import './timeline.css';
import { usePlace } from '../../../shared/lib/use-place';
import { useT } from '../../../i18n/i18n';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { selectedMarks, type SelectedMarks } from '../../../shared/selection/selected-marks';
import { HeartIcon } from '../../../shared/components/heart-icon';
import { favouriteNow } from '../../marks/lib/favourites-store';
import { useHydrating } from '../../../shared/lib/use-hydrating';

/** Where the photo at an index of the viewer's photos stands in the whole timeline, of how many. */
interface ViewerPlace {
  of: (index: number) => number;
  count: number;
}

/** What the viewer is given: the photos around the one shown, in order, and where they stand. */
export interface TimelineViewerProps {
  photos: readonly TimelinePhoto[];
  place: ViewerPlace;
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
  /** Shown above the grid: the memories strip (the app's). */
  header?: ReactNode;
}

/**
 * The photo shown in the viewer, named by the address (?photo=…), among the photos read so far;
 * arrows step through them in the timeline's order. The viewer is given the photos around it
 * only (VIEWER_REACH each way): a photo opens as quickly deep in a long timeline as at its top.
 * A photo not read (an address from elsewhere) is shown on its own page.
 */
function useTimelineViewer(months: readonly TimelineMonth[] | undefined, favourites: boolean) {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const shownId = searchParams.get(PHOTO_PARAM);
  const around = useMemo(
    () =>
      shownId !== null && months
        ? photosAround(queryClient, months, favourites, shownId)
        : { photos: [], places: [], index: -1 },
    [shownId, months, queryClient, favourites],
  );
  const place = useMemo<ViewerPlace>(
    () => ({
      of: (at) => around.places[at] ?? at,
      count: months?.reduce((sum, { count }) => sum + count, 0) ?? 0,
    }),
    [around, months],
  );
  const { photos, index } = around;
  const openedHere = (location.state as { openedViewer?: boolean } | null)?.openedViewer === true;
  useEffect(() => {
    if (shownId !== null && months && index < 0) {
      void navigate(paths.photo(shownId), { replace: true });
    }
  }, [shownId, months, index, navigate]);
  return {
    photos,
    place,
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
    <EmptyState
      title={
        <>
          <span className="d-block mb-3 app-tl-empty-heart">
            <HeartIcon />
          </span>
          {translate('timeline.favourites.empty')}
        </>
      }
      text={translate('timeline.favourites.empty.text')}
      action={
        <Link to={paths.timeline} className="btn btn-primary">
          {translate('timeline.favourites.empty.action')}
        </Link>
      }
    />
  );
}

/**
 * Every photo one may see, newest first, in justified rows that run on from month to month
 * (Photos): the layout is known from the month counts before any photo arrives, only the rows near
 * the screen are drawn, and a month's photos are read when its rows come near. A scrubber on the
 * right jumps to any month.
 */
export function TimelinePage({
  selectionBar,
  viewer,
  favourites = false,
  header,
}: TimelinePageProps) {
  const months = useTimelineMonths(favourites);
  const shown = useTimelineViewer(months.data?.months, favourites);
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  const selection = useSelection();
  const [measure, { width, top }] = usePlace();
  const translate = useT();
  const hydrating = useHydrating();
  const [drawnByServer] = useState(hydrating);
  // Drawn on the server, and hydrated, before the page is measured: the first screen's rows by
  // CSS alone; then the grid, laid out at the measured width.
  const firstScreen = hydrating || (drawnByServer && width === undefined);

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
      <EmptyState
        icon="photos"
        title={translate('timeline.empty')}
        text={translate('timeline.empty.text')}
      >
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
            {translate('timeline.total', { count: months.data.total })}
          </p>
        )}
        <FavouritesFilter on={favourites} />
      </div>
      {header}
      {body}
      <div ref={measure} className="app-tl-measure">
        {months.data && months.data.months.length > 0 && firstScreen && (
          <TimelineFirstScreen
            months={months.data.months}
            favourites={favourites}
            open={viewer ? toViewer : toPhotoPage}
          />
        )}
        {months.data && months.data.months.length > 0 && !firstScreen && !!width && (
          <TimelineGrid
            months={months.data.months}
            width={width}
            top={top}
            selection={selection}
            open={viewer ? toViewer : toPhotoPage}
            favourites={favourites}
          />
        )}
      </div>
      {viewer && !hydrating && shown.index >= 0 && viewer(shown)}
      {selection.selecting && selectionBar?.(selection, marksOf(selection))}
      <SelectionNotice selection={selection} />
    </div>
  );
}
