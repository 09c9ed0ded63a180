import { ActivityList } from './activity-list';

/** The feed under the bell (a wide screen). */
export function ActivityPanel({ onNavigate }: { onNavigate: () => void }) {
  return <ActivityList headingLevel={2} onNavigate={onNavigate} />;
}
