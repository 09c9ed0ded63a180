import { PageTitle } from '../../../shared/components/page-title';
import { ActivityList } from './activity-list';

/** The feed as a page of its own: what the bell opens on a phone. */
export function ActivityPage() {
  return (
    <div className="container-lg py-3 app-activity-page">
      <PageTitle title="Activity" />
      <ActivityList headingLevel={1} />
    </div>
  );
}
