import {
  MAP_CLUSTER_MAX_ZOOM,
  type MapBox,
  type MapCluster,
  type MapClusters,
  type MapClustersQuery,
  type MapPhotosQuery,
  type TimelinePage,
} from '@photo/contract';
import Supercluster from 'supercluster';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { listOwnPhotos, toTimelinePhoto } from '../timeline/timeline.service.js';
import { countPlaceCells, listCoverRows, type BoxE7, type PlaceCell } from './places.repository.js';

/**
 * The map (decision 0105). The database counts the caller's located photos per cell of a grid
 * about 16 pixels wide at the zoom asked for, so an answer reads at most a few thousand cells
 * whatever the library's size; supercluster then merges neighbouring cells into clusters 60
 * pixels apart, summing their counts and boxes. The browser receives only the clusters of its
 * view.
 */

/** The grid's cell at a zoom, in degrees × 10^7: 16 of the 256 pixels of a tile. */
export const cellE7 = (zoom: number) => Math.max(1, Math.floor(22.5e7 / 2 ** zoom));

/** Cluster radius, in pixels of a 256-pixel tile. */
const RADIUS = 60;

interface CellProps {
  count: number;
  fileId: string;
  top: number;
  south: number;
  north: number;
  west: number;
  east: number;
}

const toE7 = (box: MapBox): BoxE7 => ({
  west: Math.round(box.west * 1e7),
  south: Math.round(box.south * 1e7),
  east: Math.round(box.east * 1e7),
  north: Math.round(box.north * 1e7),
});

/** The box with half its size again on every side (within the world): clusters at its edges. */
function withMargin(box: MapBox): MapBox {
  const width = box.east - box.west;
  const height = box.north - box.south;
  return {
    west: Math.max(-180, box.west - width / 2),
    east: Math.min(180, box.east + width / 2),
    south: Math.max(-90, box.south - height / 2),
    north: Math.min(90, box.north + height / 2),
  };
}

function clusterIndex(cells: PlaceCell[]) {
  const index = new Supercluster<CellProps, CellProps>({
    radius: RADIUS,
    extent: 256,
    maxZoom: MAP_CLUSTER_MAX_ZOOM - 1,
    map: (props) => ({ ...props }),
    reduce: (acc, props) => {
      if (props.top > acc.top) {
        acc.top = props.top;
        acc.fileId = props.fileId;
      }
      acc.count += props.count;
      acc.south = Math.min(acc.south, props.south);
      acc.north = Math.max(acc.north, props.north);
      acc.west = Math.min(acc.west, props.west);
      acc.east = Math.max(acc.east, props.east);
    },
  });
  index.load(
    cells.map((cell) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [cell.longitude, cell.latitude] },
      properties: {
        count: cell.count,
        fileId: cell.fileId,
        top: cell.count,
        south: cell.south,
        north: cell.north,
        west: cell.west,
        east: cell.east,
      },
    })),
  );
  return index;
}

/**
 * The zoom at which a cluster's photos stand apart on the map: where its box spans RADIUS pixels
 * (a 256-pixel tile is 360° wide at zoom 0), one level in at least; null for one photo, or for
 * photos all taken at one spot, which no zoom splits.
 */
export function splitZoom(
  props: Pick<CellProps, 'count' | 'south' | 'north' | 'west' | 'east'>,
  zoom: number,
): number | null {
  const extent = Math.max(props.east - props.west, props.north - props.south);
  if (props.count < 2 || extent <= 0 || zoom >= MAP_CLUSTER_MAX_ZOOM) return null;
  const apart = Math.ceil(Math.log2((RADIUS * 360) / (256 * extent)));
  return Math.min(MAP_CLUSTER_MAX_ZOOM, Math.max(zoom + 1, apart));
}

/** The clusters and single photos of the caller's located photos in the box, at the zoom. */
export async function mapClusters(
  deps: AppDeps,
  caller: AuthUser,
  query: MapClustersQuery,
): Promise<MapClusters> {
  const box: MapBox = {
    west: query.west,
    south: query.south,
    east: query.east,
    north: query.north,
  };
  const cells = await countPlaceCells(deps.db, {
    viewerId: caller.id,
    box: toE7(box),
    margin: toE7(withMargin(box)),
    cellE7: cellE7(query.zoom),
    archived: query.archived ?? false,
  });
  const total = cells.reduce((sum, cell) => sum + cell.inBox, 0);
  if (cells.length === 0) return { clusters: [], total };
  const index = clusterIndex(cells);
  const zoom = Math.min(query.zoom, MAP_CLUSTER_MAX_ZOOM);
  const features = index.getClusters([box.west, box.south, box.east, box.north], zoom);
  const coverRows = await listCoverRows(deps.db, caller.id, [
    ...new Set(features.map((feature) => feature.properties.fileId)),
  ]);
  const covers = new Map(coverRows.map((row) => [row.file_id, toTimelinePhoto(row, deps)]));
  const clusters: MapCluster[] = [];
  for (const feature of features) {
    const props = feature.properties;
    const cover = covers.get(props.fileId);
    if (!cover) continue;
    const [longitude = 0, latitude = 0] = feature.geometry.coordinates;
    const expandsAt = splitZoom(props, zoom);
    clusters.push({
      latitude,
      longitude,
      count: props.count,
      box: { west: props.west, south: props.south, east: props.east, north: props.north },
      expandsAt,
      cover,
    });
  }
  return { clusters, total };
}

/** The caller's located photos inside the box (a cluster's), newest first, a page at a time. */
export async function mapPhotos(
  deps: AppDeps,
  caller: AuthUser,
  query: MapPhotosQuery,
): Promise<TimelinePage> {
  const { photos, nextCursor } = await listOwnPhotos(deps, caller, query, {
    box: { west: query.west, south: query.south, east: query.east, north: query.north },
    archived: query.archived,
  });
  return { photos, nextCursor };
}
