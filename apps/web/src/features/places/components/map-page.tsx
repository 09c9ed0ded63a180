import type { MapBox, MapCluster, TimelinePhoto } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { clientConfigQuery } from '../../../shared/api/client-config';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadMore } from '../../../shared/components/load-more';
import { PageTitle } from '../../../shared/components/page-title';
import { formatDate } from '../../../shared/lib/format-date';
import { PENDING_IMAGE, sizedImageUrl } from '../../../shared/lib/image-url';
import { isThumbShown, mediaNameWith } from '../../../shared/lib/media';
import { placeholderColour } from '../../../shared/lib/placeholder';
import { MediaBadge } from '../../../shared/ui/media-badge';
import '../../../shared/styles/search.css';
import { t, useT } from '../../../i18n/i18n';
import { useMapClusters, useMapPhotos } from '../api/map';
import { MapView, type MapCentre, type MapViewState } from './map-view';
import './places.css';

/** What the viewer is given: the photos, the one shown, and where they stand. */
export interface MapViewerProps {
  photos: readonly TimelinePhoto[];
  place: { of: (index: number) => number; count: number };
  index: number;
  onView: (index: number) => void;
  onClose: () => void;
}

interface MapPageProps {
  /** The photo viewer, over the page (the app's). */
  viewer?: (props: MapViewerProps) => ReactNode;
}

/** The photos of the view (or of the cluster chosen), as squares that open the viewer. */
function PlaceTiles({
  photos,
  onOpen,
}: {
  photos: readonly TimelinePhoto[];
  onOpen: (index: number) => void;
}) {
  return (
    <ul className="app-square-grid list-unstyled mb-3">
      {photos.map((photo, index) => (
        <li key={photo.id} className="app-square-tile">
          <button
            type="button"
            className="app-square-link border-0 p-0 w-100"
            style={{ backgroundColor: placeholderColour(photo.placeholder) }}
            onClick={() => onOpen(index)}
          >
            <img
              src={isThumbShown(photo) ? sizedImageUrl(photo.photoUrl, 'thumb') : PENDING_IMAGE}
              alt={mediaNameWith(photo, t('search.of', { date: formatDate(photo.date) }))}
              width={300}
              height={300}
              loading={index < 12 ? 'eager' : 'lazy'}
              decoding="async"
            />
            <MediaBadge photo={photo} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The place the address asks the map to open at (?lat=&lng=&zoom=), when it names one. */
function centreOf(params: URLSearchParams): MapCentre | undefined {
  const [latitude, longitude, zoom] = ['lat', 'lng', 'zoom'].map((name) =>
    params.has(name) ? Number(params.get(name)) : NaN,
  );
  if (latitude === undefined || longitude === undefined || zoom === undefined) return undefined;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return undefined;
  return { latitude, longitude, zoom: Number.isInteger(zoom) ? zoom : 12 };
}

/**
 * The Map (decision 0105): where the person's own photos were taken, as clusters that split as
 * one zooms in, the server clustering each view. Under it, the photos of the view, or of the
 * cluster chosen; a photo opens in the viewer. Archived photos only when asked for.
 */
export function MapPage({ viewer }: MapPageProps) {
  const translate = useT();
  const switchId = useId();
  const tileUrl = useQuery(clientConfigQuery).data?.map?.tileUrl;
  const [params] = useSearchParams();
  const [centre] = useState(() => centreOf(params));
  const [view, setView] = useState<MapViewState | null>(null);
  const [archived, setArchived] = useState(false);
  const [chosen, setChosen] = useState<MapBox | null>(null);
  const [opened, setOpened] = useState<{ photos: readonly TimelinePhoto[]; index: number } | null>(
    null,
  );
  const clusters = useMapClusters(view?.box ?? null, view?.zoom ?? 0, archived);
  const photos = useMapPhotos(chosen ?? view?.box ?? null, archived);
  const shown = useMemo(
    () => photos.data?.pages.flatMap((page) => page.photos) ?? [],
    [photos.data],
  );
  const title = translate('places.title');

  const open = (cluster: MapCluster) => {
    if (cluster.count === 1) setOpened({ photos: [cluster.cover], index: 0 });
    else setChosen(cluster.box);
  };
  const total = clusters.data?.total;
  const worldEmpty = total === 0 && chosen === null && (view?.zoom ?? 0) <= 2;

  return (
    <div className="app-places">
      <PageTitle title={title} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0 me-auto">{title}</h1>
        {total !== undefined && (
          <p className="small text-body-secondary mb-0">
            {translate('places.count', { count: total })}
          </p>
        )}
        <div className="form-check form-switch mb-0">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id={switchId}
            checked={archived}
            onChange={(event) => setArchived(event.target.checked)}
          />
          <label className="form-check-label small" htmlFor={switchId}>
            {translate('places.archived')}
          </label>
        </div>
      </div>
      {clusters.isError && (
        <ErrorState
          title={translate('places.loadFailed')}
          message={errorMessage(clusters.error)}
          onRetry={() => void clusters.refetch()}
        />
      )}
      <MapView
        clusters={clusters.data?.clusters ?? []}
        tileUrl={tileUrl}
        label={translate('places.mapLabel')}
        centre={centre}
        clusterLabel={(cluster) => translate('places.cluster', { count: cluster.count })}
        onView={setView}
        onOpen={open}
      />
      {worldEmpty ? (
        <EmptyState
          icon="photos"
          title={translate('places.empty')}
          text={translate('places.empty.text')}
        />
      ) : (
        <section aria-labelledby="places-photos" className="mt-3">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <h2 id="places-photos" className="h6 mb-0 me-auto">
              {translate(chosen ? 'places.selected' : 'places.inView')}
            </h2>
            {chosen && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => setChosen(null)}
              >
                {translate('places.showView')}
              </button>
            )}
          </div>
          {photos.isSuccess && shown.length === 0 && (
            <p className="text-body-secondary small">{translate('places.none')}</p>
          )}
          <PlaceTiles photos={shown} onOpen={(index) => setOpened({ photos: shown, index })} />
          <LoadMore
            hasMore={photos.hasNextPage}
            loading={photos.isFetchingNextPage}
            onLoadMore={() => void photos.fetchNextPage()}
          />
        </section>
      )}
      {viewer &&
        opened &&
        viewer({
          photos: opened.photos,
          place: { of: (index) => index, count: opened.photos.length },
          index: opened.index,
          onView: (index) => setOpened({ ...opened, index }),
          onClose: () => setOpened(null),
        })}
    </div>
  );
}
