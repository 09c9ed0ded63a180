import { TimelinePage } from '../../features/timeline/components/timeline-page';
import { selectionBar } from '../selection/selection-bar-lazy';

export function TimelineRoute() {
  return <TimelinePage selectionBar={selectionBar} />;
}
