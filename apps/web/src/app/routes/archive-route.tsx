import { ArchivePage } from '../../features/marks/components/archive-page';
import { selectionBar } from '../selection/selection-bar-lazy';

/** The person's Archive, with the selection bar (Unarchive). */
export function ArchiveRoute() {
  return <ArchivePage selectionBar={selectionBar} />;
}
