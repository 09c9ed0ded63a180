import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { usePeople } from '../api/people';
import { PersonCard } from './person-face';
import './people.css';

/**
 * People (decision 0102): everyone whose face is in the person's own photos, each as their
 * clearest face in a circle, with their name and how many photos show them. Only they see it.
 */
export function PeoplePage() {
  const t = useT();
  const [hidden, setHidden] = useState(false);
  const people = usePeople(hidden);
  let body;
  if (people.isPending) body = <LoadingState label={t('people.loading')} />;
  else if (people.isError) {
    body = (
      <ErrorState
        title={t('people.loadFailed')}
        message={errorMessage(people.error)}
        onRetry={() => void people.refetch()}
      />
    );
  } else if (people.data.length === 0) {
    body = <EmptyState icon="people" title={t('people.empty')} text={t('people.empty.text')} />;
  } else {
    body = (
      <ul className="app-people-grid list-unstyled" aria-label={t('people.title')}>
        {people.data.map((person) => (
          <li key={person.id} className={person.hidden ? 'app-person-hidden' : undefined}>
            <PersonCard person={person} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      <PageTitle title={t('people.title')} />
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="mb-0">{t('people.title')}</h1>
        <div className="form-check form-switch mb-0">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id="people-show-hidden"
            checked={hidden}
            onChange={(event) => setHidden(event.target.checked)}
          />
          <label className="form-check-label" htmlFor="people-show-hidden">
            {t('people.showHidden')}
          </label>
        </div>
      </div>
      <p className="text-body-secondary">{t('people.intro')}</p>
      {body}
    </>
  );
}
