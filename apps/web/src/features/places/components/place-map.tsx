import type { Photo } from '@photo/contract';

type PhotoLocation = NonNullable<Photo['location']>;
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { clientConfigQuery } from '../../../shared/api/client-config';
import { paths } from '../../../shared/config/paths';
import { loadCountryPolygons } from '../lib/world-shapes';
import './places.css';

/** The Map centred on a place, near enough to see its street (read by map-page's centreOf). */
const mapAt = (latitude: number, longitude: number) =>
  `${paths.map}?${new URLSearchParams({ lat: latitude.toFixed(5), lng: longitude.toFixed(5), zoom: '12' }).toString()}`;

/** How near the small map shows the place: a country and its neighbours. */
const ZOOM = 4;

/**
 * A photo's place on a small map that does not move (decision 0109): the country shapes (or the
 * host's tiles, with MAP_TILE_URL) and a marker; with `linked`, "Open in map" opens the Map there.
 * In a chunk of its own, loaded when an info panel shows a photo with a place.
 */
export function PlaceMap({ location, linked }: { location: PhotoLocation; linked: boolean }) {
  const t = useT();
  const tileUrl = useQuery(clientConfigQuery).data?.map?.tileUrl;
  const container = useRef<HTMLDivElement>(null);
  const { latitude, longitude } = location;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      zoomControl: false,
      dragging: false,
      touchZoom: false,
      doubleClickZoom: false,
      scrollWheelZoom: false,
      boxZoom: false,
      keyboard: false,
      attributionControl: false,
    });
    map.setView([latitude, longitude], ZOOM);
    // One SVG for the land and the marker, so the marker stays above the land drawn after it.
    const renderer = L.svg();
    let live = true;
    if (tileUrl) {
      L.tileLayer(tileUrl, { maxZoom: 18 }).addTo(map);
    } else {
      void loadCountryPolygons().then((polygons) => {
        if (!live) return;
        L.polygon(polygons, {
          className: 'app-map-land',
          interactive: false,
          renderer,
        }).addTo(map);
        marker.bringToFront();
      });
    }
    const marker = L.circleMarker([latitude, longitude], {
      className: 'app-place-marker',
      radius: 7,
      interactive: false,
      renderer,
    }).addTo(map);
    return () => {
      live = false;
      map.remove();
    };
  }, [latitude, longitude, tileUrl]);

  return (
    <div className="mt-2">
      <div
        ref={container}
        className="app-map app-place-map"
        role="img"
        aria-label={t('places.photoMap')}
      />
      {linked && (
        <Link className="d-inline-block mt-1 small" to={mapAt(latitude, longitude)}>
          {t('places.openInMap')}
        </Link>
      )}
    </div>
  );
}
