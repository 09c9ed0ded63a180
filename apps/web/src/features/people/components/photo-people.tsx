import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { paths } from '../../../shared/config/paths';
import { usePhotoPeople } from '../api/people';
import { FaceCircle, usePersonName } from './person-face';
import './people.css';

/** The people in one of the person's photos, for its info panel: each a link to their page. */
export function PhotoPeople({ photoId }: { photoId: string }) {
  const t = useT();
  const nameOf = usePersonName();
  const people = usePhotoPeople(photoId);
  if (!people.data || people.data.length === 0) return null;
  return (
    <section className="mt-3" aria-labelledby="photo-people">
      <h3 id="photo-people" className="h6">
        {t('people.inPhoto')}
      </h3>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {people.data.map((person) => (
          <li key={person.id}>
            <Link to={paths.person(person.id)} className="app-photo-person">
              <FaceCircle person={person} size="sm" />
              <span>{nameOf(person)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
