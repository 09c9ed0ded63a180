import type { Person, TimelinePhoto } from '@photo/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadMore } from '../../../shared/components/load-more';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { formatDate } from '../../../shared/lib/format-date';
import { PENDING_IMAGE, sizedImageUrl } from '../../../shared/lib/image-url';
import { isThumbShown, mediaNameWith } from '../../../shared/lib/media';
import { placeholderColour } from '../../../shared/lib/placeholder';
import '../../../shared/styles/search.css';
import {
  useChangePerson,
  useMergePeople,
  usePeople,
  usePerson,
  useMoveFaces,
  usePersonPhotos,
} from '../api/people';
import { FaceCircle, usePersonName } from './person-face';
import './people.css';

/** The person's name, changed in place: a field while renaming, Enter saves, Escape leaves. */
function PersonName({ person }: { person: Person }) {
  const t = useT();
  const nameOf = usePersonName();
  const change = useChangePerson();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const save = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { id: person.id, name: name.trim() === '' ? null : name.trim() },
      { onSuccess: () => setEditing(false) },
    );
  };
  if (!editing) {
    return (
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <h1 className="mb-0">{nameOf(person)}</h1>
        <button
          type="button"
          className="btn btn-link p-0"
          onClick={() => {
            setName(person.name ?? '');
            setEditing(true);
          }}
        >
          {person.name === null ? t('people.addName') : t('people.rename')}
        </button>
      </div>
    );
  }
  return (
    <form className="d-flex flex-wrap gap-2" onSubmit={save}>
      <label className="visually-hidden" htmlFor="person-name">
        {t('people.name')}
      </label>
      <input
        id="person-name"
        className="form-control app-person-name-input"
        value={name}
        maxLength={100}
        autoFocus
        placeholder={t('people.name.placeholder')}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setEditing(false);
        }}
      />
      <button type="submit" className="btn btn-primary" disabled={change.isPending}>
        {t('people.save')}
      </button>
      <button type="button" className="btn btn-outline-secondary" onClick={() => setEditing(false)}>
        {t('people.cancel')}
      </button>
    </form>
  );
}

/** Merge: another of the person's people, chosen from a list, joins this one. */
/** A labelled choice of one of the owner's other people, after a first option of its own. */
function PersonSelect({
  id,
  label,
  first,
  people,
  value,
  onChange,
}: {
  id: string;
  label: string;
  first: { value: string; label: string };
  people: Person[];
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const nameOf = usePersonName();
  return (
    <>
      <label className="form-label mb-0" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-select w-auto"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value={first.value}>{first.label}</option>
        {people.map((other) => (
          <option key={other.id} value={other.id}>
            {t('people.option', { name: nameOf(other), count: other.count })}
          </option>
        ))}
      </select>
    </>
  );
}

function MergeWith({ person }: { person: Person }) {
  const t = useT();
  const people = usePeople(true);
  const merge = useMergePeople();
  const [otherId, setOtherId] = useState('');
  const others = (people.data ?? []).filter((other) => other.id !== person.id);
  if (others.length === 0) return null;
  return (
    <form
      className="d-flex flex-wrap gap-2 align-items-center"
      onSubmit={(event) => {
        event.preventDefault();
        if (otherId) merge.mutate({ id: person.id, otherId }, { onSuccess: () => setOtherId('') });
      }}
    >
      <PersonSelect
        id="merge-with"
        label={t('people.mergeWith')}
        first={{ value: '', label: t('people.choose') }}
        people={others}
        value={otherId}
        onChange={setOtherId}
      />
      <button
        type="submit"
        className="btn btn-outline-primary"
        disabled={!otherId || merge.isPending}
      >
        {t('people.merge')}
      </button>
    </form>
  );
}

/** Which photos are picked while the owner takes faces out of a person (null: not picking). */
type Picked = ReadonlySet<string> | null;

function PhotoGrid({
  photos,
  label,
  picked,
  onPick,
}: {
  photos: TimelinePhoto[];
  label: string;
  picked: Picked;
  onPick: (photoId: string) => void;
}) {
  const t = useT();
  return (
    <ul className="app-square-grid list-unstyled" aria-label={label}>
      {photos.map((photo) => {
        const shown = isThumbShown(photo);
        const image = (
          <img
            src={shown ? sizedImageUrl(photo.photoUrl, 'thumb') : PENDING_IMAGE}
            alt={mediaNameWith(photo, t('people.of', { date: formatDate(photo.date) }))}
            width={300}
            height={300}
            loading="lazy"
            decoding="async"
          />
        );
        const style = { backgroundColor: placeholderColour(photo.placeholder) };
        return (
          <li key={photo.id} className="app-square-tile">
            {picked ? (
              <button
                type="button"
                className="app-square-link app-square-pick"
                style={style}
                aria-pressed={picked.has(photo.id)}
                onClick={() => onPick(photo.id)}
              >
                {image}
                <span className="app-square-check" aria-hidden="true" />
              </button>
            ) : (
              <Link to={paths.photo(photo.id)} className="app-square-link" style={style}>
                {image}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The bar of "not this person": how many photos are picked, where their faces of this person go
 * (a new person, or another of the owner's people), Move and Cancel.
 */
function NotThisPerson({
  person,
  picked,
  onDone,
  onCancel,
}: {
  person: Person;
  picked: ReadonlySet<string>;
  onDone: (moved: { personId: string; photos: number }) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const nameOf = usePersonName();
  const people = usePeople(true);
  const move = useMoveFaces();
  const [to, setTo] = useState('new');
  const others = (people.data ?? []).filter((other) => other.id !== person.id);
  return (
    <form
      className="app-person-fix"
      aria-label={t('people.fix.title')}
      onSubmit={(event) => {
        event.preventDefault();
        move.mutate(
          {
            personId: person.id,
            photoIds: [...picked],
            to: to === 'new' ? { newPerson: true } : { personId: to },
          },
          { onSuccess: onDone },
        );
      }}
    >
      <p className="app-person-fix-count mb-0" aria-live="polite">
        {picked.size === 0
          ? t('people.fix.pick', { name: nameOf(person) })
          : t('people.fix.picked', { count: picked.size })}
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <PersonSelect
          id="faces-go-to"
          label={t('people.fix.moveTo')}
          first={{ value: 'new', label: t('people.fix.newPerson') }}
          people={others}
          value={to}
          onChange={setTo}
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={picked.size === 0 || move.isPending}
        >
          {t('people.fix.move')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('people.cancel')}
        </button>
      </div>
      {move.isError && (
        <p className="text-danger mb-0" role="alert">
          {errorMessage(move.error)}
        </p>
      )}
    </form>
  );
}

/** Says where the photos taken out went, with a link to that person. */
function MovedNote({ moved }: { moved: { personId: string; photos: number } }) {
  const t = useT();
  return (
    <p className="app-person-moved" role="status">
      {t('people.fix.moved', { count: moved.photos })}{' '}
      <Link to={paths.person(moved.personId)}>{t('people.fix.open')}</Link>
    </p>
  );
}

/** A person's page: their face and name (renamed in place), merge and hide, and their photos. */
export function PersonPage() {
  const t = useT();
  const { personId = '' } = useParams();
  const person = usePerson(personId);
  const photos = usePersonPhotos(personId);
  const change = useChangePerson();
  const nameOf = usePersonName();
  const [picked, setPicked] = useState<Picked>(null);
  const [moved, setMoved] = useState<{ personId: string; photos: number } | null>(null);
  const navigate = useNavigate();
  const list = useMemo(
    () => photos.data?.pages.flatMap((page) => page.photos) ?? [],
    [photos.data],
  );

  if (person.isPending) return <LoadingState label={t('people.loading')} />;
  if (person.isError) {
    if (person.error instanceof ApiError && person.error.code === 'PERSON_NOT_FOUND') {
      return (
        <EmptyState
          icon="people"
          title={t('people.notFound')}
          action={
            <Link to={paths.people} className="btn btn-primary">
              {t('people.back')}
            </Link>
          }
        />
      );
    }
    return (
      <ErrorState
        title={t('people.loadFailed')}
        message={errorMessage(person.error)}
        onRetry={() => void person.refetch()}
      />
    );
  }
  const shown = person.data;
  return (
    <>
      <PageTitle title={nameOf(shown)} />
      <p className="mb-2">
        <Link to={paths.people}>{t('people.title')}</Link>
      </p>
      <div className="app-person-head mb-4">
        <FaceCircle person={shown} size="lg" />
        <div className="d-flex flex-column gap-2">
          <PersonName person={shown} />
          <p className="text-body-secondary mb-0">
            {t('people.count', { count: shown.count })}
            {shown.hidden && ` · ${t('people.hidden')}`}
          </p>
          <div className="d-flex flex-wrap gap-3 align-items-center">
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={change.isPending}
              onClick={() => change.mutate({ id: shown.id, hidden: !shown.hidden })}
            >
              {shown.hidden ? t('people.show') : t('people.hide')}
            </button>
            <MergeWith person={shown} />
            {picked === null && list.length > 0 && (
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => {
                  setMoved(null);
                  setPicked(new Set());
                }}
              >
                {t('people.fix.start')}
              </button>
            )}
          </div>
        </div>
      </div>
      {moved && <MovedNote moved={moved} />}
      {picked && (
        <NotThisPerson
          person={shown}
          picked={picked}
          onCancel={() => setPicked(null)}
          onDone={(done) => {
            setPicked(null);
            setMoved(done);
            // Every photo left them: the person is gone, so their page shows where they went.
            if (done.photos >= shown.count) void navigate(paths.person(done.personId));
          }}
        />
      )}
      {photos.isPending ? (
        <LoadingState label={t('people.loading')} />
      ) : photos.isError ? (
        <ErrorState
          title={t('people.loadFailed')}
          message={errorMessage(photos.error)}
          onRetry={() => void photos.refetch()}
        />
      ) : (
        <>
          <PhotoGrid
            photos={list}
            label={t('people.photosOf', { name: nameOf(shown) })}
            picked={picked}
            onPick={(photoId) =>
              setPicked((now) => {
                const next = new Set(now);
                if (!next.delete(photoId)) next.add(photoId);
                return next;
              })
            }
          />
          <LoadMore
            hasMore={photos.hasNextPage}
            loading={photos.isFetchingNextPage}
            onLoadMore={() => void photos.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}
