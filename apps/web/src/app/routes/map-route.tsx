import { MapPage } from '../../features/places/components/map-page';
import { viewer } from './timeline-route';

/** The Map, its photos opened in the timeline's viewer. */
export function MapRoute() {
  return <MapPage viewer={viewer} />;
}
