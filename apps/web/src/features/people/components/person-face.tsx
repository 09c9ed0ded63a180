import type { Person } from '@photo/contract';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { paths } from '../../../shared/config/paths';

/** A person's name as shown: theirs, or "Someone" until they are named. */
export function usePersonName() {
  const t = useT();
  return (person: Pick<Person, 'name'>) => person.name ?? t('people.unnamed');
}

/** The round crop of a person's clearest face. */
export function FaceCircle({ person, size }: { person: Person; size: 'sm' | 'lg' }) {
  return (
    <img
      className={`app-face app-face-${size}`}
      src={person.faceUrl}
      alt=""
      width={size === 'lg' ? 160 : 40}
      height={size === 'lg' ? 160 : 40}
      loading="lazy"
      decoding="async"
    />
  );
}

/** A person as People lists them: their face in a circle, their name and how many photos. */
export function PersonCard({ person }: { person: Person }) {
  const t = useT();
  const nameOf = usePersonName();
  return (
    <Link to={paths.person(person.id)} className="app-person-card">
      <FaceCircle person={person} size="lg" />
      <span className="app-person-name">{nameOf(person)}</span>{' '}
      <span className="app-person-count">{t('people.count', { count: person.count })}</span>
    </Link>
  );
}
