import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { filterCount, filtersFrom, type SearchFilters } from '../api/search';
import { useT } from '../../../i18n/i18n';

/** Someone whose photos a search may be narrowed to. */
export interface Person {
  id: string;
  name: string;
}

interface SearchFiltersFormProps {
  filters: SearchFilters;
  /** The signed-in person's id: "Me". */
  myId: string | null;
  /** Others whose photos the person may see (owners of albums they see), by name. */
  people: readonly Person[];
  /** Why the server refused the search (a 400), said beside the filters. */
  problem: string | null;
  onApply: (filters: SearchFilters) => void;
}

/** A search criterion's field: its label above it, small. */
function Field({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small text-body-secondary mb-1">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * The search's filters: dates, camera, who added the photos and favourites only. They apply together (Apply, or
 * Enter in a field), as a new address: the back button goes to the search before. On a phone
 * they fold under a "Filters" button, open when one is in use. Give it a key that changes with the
 * address, so it shows what the address says after the back button.
 */
export function SearchFiltersForm({
  filters,
  myId,
  people,
  problem,
  onApply,
}: SearchFiltersFormProps) {
  const [draft, setDraft] = useState(filters);
  // The key shows a new address's filters once React has drawn it. Back or Forward pressed before
  // an applied search was drawn returns to this very form, with what was typed still in it: the
  // fields take what the address says at once.
  useEffect(() => {
    const followAddress = () => setDraft(filtersFrom(new URLSearchParams(window.location.search)));
    window.addEventListener('popstate', followAddress);
    return () => window.removeEventListener('popstate', followAddress);
  }, []);
  const used = filterCount(filters);
  const [open, setOpen] = useState(used > 0 || problem !== null);
  const ids = useId();
  const t = useT();
  const set = (name: keyof SearchFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, camera: draft.camera.trim() });
  };
  const known = new Set([myId, ...people.map((person) => person.id)]);

  return (
    <div className="app-search-filters mb-4">
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary rounded-pill app-search-filters-toggle"
        aria-expanded={open}
        aria-controls={`${ids}-form`}
        onClick={() => setOpen(!open)}
      >
        {t('search.filters.toggle', { count: used })}
      </button>
      <form
        id={`${ids}-form`}
        className={`app-search-filters-form${open ? ' is-open' : ''}`}
        aria-label={t('search.filters')}
        onSubmit={submit}
        noValidate
      >
        <div className="row g-2 align-items-end">
          <Field label={t('search.from')} className="col-6 col-md-auto">
            {(id) => (
              <input
                id={id}
                type="date"
                className="form-control form-control-sm"
                value={draft.from}
                aria-describedby={problem ? `${ids}-problem` : undefined}
                onChange={(event) => set('from')(event.target.value)}
              />
            )}
          </Field>
          <Field label={t('search.to')} className="col-6 col-md-auto">
            {(id) => (
              <input
                id={id}
                type="date"
                className="form-control form-control-sm"
                value={draft.to}
                aria-describedby={problem ? `${ids}-problem` : undefined}
                onChange={(event) => set('to')(event.target.value)}
              />
            )}
          </Field>
          <Field label={t('search.camera')} className="col-6 col-md-3">
            {(id) => (
              <input
                id={id}
                type="text"
                className="form-control form-control-sm"
                placeholder={t('search.camera.placeholder')}
                autoComplete="off"
                value={draft.camera}
                onChange={(event) => set('camera')(event.target.value)}
              />
            )}
          </Field>
          <Field label={t('search.addedBy')} className="col-6 col-md-3">
            {(id) => (
              <select
                id={id}
                className="form-select form-select-sm"
                value={draft.addedBy}
                onChange={(event) => set('addedBy')(event.target.value)}
              >
                <option value="">{t('search.anyone')}</option>
                {myId && <option value={myId}>{t('search.me')}</option>}
                {people
                  .filter((person) => person.id !== myId)
                  .map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.name}
                    </option>
                  ))}
                {draft.addedBy && !known.has(draft.addedBy) && (
                  <option value={draft.addedBy}>{t('search.someoneElse')}</option>
                )}
              </select>
            )}
          </Field>
          <div className="col-12 col-md-auto form-check ms-2 mb-1">
            <input
              id={`${ids}-favourites`}
              type="checkbox"
              className="form-check-input"
              checked={draft.favourites === 'true'}
              onChange={(event) => set('favourites')(event.target.checked ? 'true' : '')}
            />
            <label htmlFor={`${ids}-favourites`} className="form-check-label small">
              {t('search.favourites')}
            </label>
          </div>
          <div className="col-12 col-md-auto d-flex gap-2">
            <button type="submit" className="btn btn-sm btn-primary">
              {t('search.apply')}
            </button>
            {used > 0 && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() =>
                  onApply({ ...filters, from: '', to: '', camera: '', addedBy: '', favourites: '' })
                }
              >
                {t('search.clear')}
              </button>
            )}
          </div>
        </div>
      </form>
      {problem && (
        <p id={`${ids}-problem`} role="alert" className="small text-danger mt-2 mb-0">
          {problem}
        </p>
      )}
    </div>
  );
}
