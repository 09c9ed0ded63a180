import type { MapBox, MapClusters, TimelinePage } from '@photo/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';

/** The map feature's query keys. */
export const placesKeys = {
  all: ['places'] as const,
  clusters: (box: MapBox, zoom: number, archived: boolean) =>
    [...placesKeys.all, 'clusters', box, zoom, archived] as const,
  photos: (box: MapBox, archived: boolean) => [...placesKeys.all, 'photos', box, archived] as const,
};

/** The box as query parameters, rounded to what the map's pixels can tell apart. */
function boxQuery(box: MapBox, archived: boolean): URLSearchParams {
  const query = new URLSearchParams({
    west: box.west.toFixed(6),
    south: box.south.toFixed(6),
    east: box.east.toFixed(6),
    north: box.north.toFixed(6),
  });
  if (archived) query.set('archived', 'true');
  return query;
}

/**
 * GET /api/map/clusters: the person's located photos in the view, as the server clusters them
 * for the zoom. The clusters of the view before stay shown while the next are read.
 */
export function useMapClusters(box: MapBox | null, zoom: number, archived: boolean) {
  return useQuery({
    queryKey: placesKeys.clusters(box ?? { west: 0, south: 0, east: 0, north: 0 }, zoom, archived),
    queryFn: ({ signal }) => {
      const query = boxQuery(box as MapBox, archived);
      query.set('zoom', String(zoom));
      return apiJson<MapClusters>(`/api/map/clusters?${query.toString()}`, { signal });
    },
    enabled: box !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/map/photos: the person's located photos in a box, newest first, page by page. */
export function useMapPhotos(box: MapBox | null, archived: boolean) {
  return useInfiniteQuery({
    queryKey: placesKeys.photos(box ?? { west: 0, south: 0, east: 0, north: 0 }, archived),
    queryFn: ({ pageParam, signal }) => {
      const query = boxQuery(box as MapBox, archived);
      query.set('limit', '60');
      if (pageParam) query.set('cursor', pageParam);
      return apiJson<TimelinePage>(`/api/map/photos?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: box !== null,
    placeholderData: keepPreviousData,
  });
}
