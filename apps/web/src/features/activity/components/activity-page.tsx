import { PageTitle } from '../../../shared/components/page-title';
import { ActivityList } from './activity-list';
import { useT } from '../../../i18n/i18n';

/** The feed as a page of its own: what the bell opens on a phone. */
export function ActivityPage() {
  const t = useT();
  return (
    <div className="container-lg py-3 app-activity-page">
      <PageTitle title={t('activity.title')} />
      <ActivityList headingLevel={1} />
    </div>
  );
}
