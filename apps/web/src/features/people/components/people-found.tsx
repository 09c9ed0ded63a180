import type { Person } from '@photo/contract';
import { useT } from '../../../i18n/i18n';
import { PersonCard } from './person-face';
import './people.css';

/** People a search found by name: their faces, each a link to their page. */
export function PeopleFound({ people }: { people: Person[] }) {
  const t = useT();
  return (
    <ul className="app-people-grid list-unstyled mb-0" aria-label={t('search.people')}>
      {people.map((person) => (
        <li key={person.id}>
          <PersonCard person={person} />
        </li>
      ))}
    </ul>
  );
}
