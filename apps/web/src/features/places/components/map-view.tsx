import type { MapBox, MapCluster } from '@photo/contract';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { isThumbShown } from '../../../shared/lib/media';
import { PENDING_IMAGE, sizedImageUrl } from '../../../shared/lib/image-url';
import { loadCountryPolygons } from '../lib/world-shapes';

/** The view the map shows: its box (within −180…180) and its whole zoom level. */
export interface MapViewState {
  box: MapBox;
  zoom: number;
}

interface MapViewProps {
  clusters: readonly MapCluster[];
  /** OpenStreetMap-style tiles (MAP_TILE_URL), or undefined for the country shapes alone. */
  tileUrl: string | undefined;
  label: string;
  clusterLabel: (cluster: MapCluster) => string;
  onView: (view: MapViewState) => void;
  onOpen: (cluster: MapCluster) => void;
  /** Where the map opens instead of the whole world (a photo's "Open in map"). */
  centre?: MapCentre | undefined;
}

/** A place and a zoom to open the map at. */
export interface MapCentre {
  latitude: number;
  longitude: number;
  zoom: number;
}

const MAX_ZOOM = 18;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The map's view as the server is asked for it: the world's part shown, at a whole zoom. */
function viewOf(map: L.Map): MapViewState {
  const bounds = map.getBounds();
  return {
    box: {
      west: clamp(bounds.getWest(), -180, 180),
      east: clamp(bounds.getEast(), -180, 180),
      south: clamp(bounds.getSouth(), -90, 90),
      north: clamp(bounds.getNorth(), -90, 90),
    },
    zoom: clamp(Math.round(map.getZoom()), 0, 20),
  };
}

/** The greatest zoom at which the whole world fits the map's width (1 at least, on a phone). */
const fillingZoom = (width: number) =>
  Math.max(1, Math.floor(Math.log2(Math.max(width, 256) / 256)));

/** A cluster's marker: its cover photo, and its count when it holds more than one photo. */
function markerIcon(cluster: MapCluster): L.DivIcon {
  const image = document.createElement('img');
  image.src = isThumbShown(cluster.cover)
    ? sizedImageUrl(cluster.cover.photoUrl, 'thumb')
    : PENDING_IMAGE;
  image.alt = '';
  const html = document.createElement('span');
  html.className = 'app-map-pin';
  html.append(image);
  if (cluster.count > 1) {
    const count = document.createElement('span');
    count.className = 'app-map-count';
    count.textContent = String(cluster.count);
    html.append(count);
  }
  const size = cluster.count > 1 ? 56 : 44;
  return L.divIcon({ html, className: 'app-map-marker', iconSize: [size, size] });
}

/**
 * Leaflet, used directly (decision 0105): the country shapes (or the host's tiles) and a marker
 * per cluster, each a button that opens its photos. Tells the page the view after each move.
 */
export function MapView({
  clusters,
  tileUrl,
  label,
  clusterLabel,
  onView,
  onOpen,
  centre,
}: MapViewProps) {
  const opensAt = useRef(centre);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const handlers = useRef({ onView, onOpen, clusterLabel });
  useEffect(() => {
    handlers.current = { onView, onOpen, clusterLabel };
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      preferCanvas: true,
      worldCopyJump: false,
      maxBounds: [
        [-90, -180],
        [90, 180],
      ],
      maxBoundsViscosity: 1,
      minZoom: fillingZoom(element.clientWidth),
      maxZoom: MAX_ZOOM,
    });
    const at = opensAt.current;
    if (at) map.setView([at.latitude, at.longitude], clamp(at.zoom, map.getMinZoom(), MAX_ZOOM));
    else map.setView([30, 10], fillingZoom(element.clientWidth));
    map.getContainer().setAttribute('aria-label', label);
    map.attributionControl.setPrefix(false);
    if (tileUrl) {
      L.tileLayer(tileUrl, {
        maxZoom: MAX_ZOOM,
        attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      }).addTo(map);
    } else {
      map.attributionControl.addAttribution('Natural Earth');
      void loadCountryPolygons().then((polygons) => {
        if (mapRef.current !== map) return;
        // In SVG (the markers' canvas takes no class), so the theme's colours style it.
        L.polygon(polygons, {
          className: 'app-map-land',
          interactive: false,
          renderer: L.svg(),
        }).addTo(map);
      });
    }
    markers.current = L.layerGroup().addTo(map);
    const tell = () => handlers.current.onView(viewOf(map));
    map.on('moveend', tell);
    map.on('resize', () => map.setMinZoom(fillingZoom(element.clientWidth)));
    mapRef.current = map;
    tell();
    return () => {
      mapRef.current = null;
      map.remove();
    };
  }, [tileUrl, label]);

  useEffect(() => {
    const layer = markers.current;
    if (!layer) return;
    layer.clearLayers();
    for (const cluster of clusters) {
      const marker = L.marker([cluster.latitude, cluster.longitude], {
        icon: markerIcon(cluster),
        keyboard: true,
        title: handlers.current.clusterLabel(cluster),
        riseOnHover: true,
      });
      marker.on('click', () => {
        handlers.current.onOpen(cluster);
        // Zoomed to where it splits, its photos spread apart.
        if (cluster.expandsAt !== null) {
          mapRef.current?.setView([cluster.latitude, cluster.longitude], cluster.expandsAt);
        }
      });
      marker.on('add', () => {
        marker.getElement()?.setAttribute('aria-label', handlers.current.clusterLabel(cluster));
      });
      layer.addLayer(marker);
    }
  }, [clusters]);

  return <div ref={container} className="app-map" />;
}
