import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../i18n/i18n';
import { paths } from '../../shared/config/paths';
import { LineIcon } from '../../shared/ui/line-icon';

/** A magnifier, or an arrow back; decorative (the button or the label says what it does). */
function Icon({ name }: { name: 'search' | 'back' }) {
  return (
    <LineIcon
      d={
        name === 'search'
          ? 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5 20 20'
          : 'M20 12H5M11 5l-7 7 7 7'
      }
      size={20}
      grid={24}
      strokeWidth={2}
      className={name === 'search' ? 'app-search-icon' : undefined}
    />
  );
}

/** A field being typed in: `/` is a letter there, not the shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

const SEARCH_PATH = paths.search();

/**
 * The top bar's search: a field on a wide screen; on a phone a magnifier that opens the field over
 * the whole bar. Enter opens the search page for the text (keeping the page's filters when it is
 * already open); `/` puts the focus in it. Plain markup: the top bar is on the first page, and the
 * search page itself comes in its own chunk.
 */
export function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onSearchPage = pathname === SEARCH_PATH;
  const searched = onSearchPage ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [text, setText] = useState(searched);
  // On a phone the field is open on the search page, closed elsewhere, until the person says.
  const [open, setOpen] = useState(onSearchPage);
  const [shown, setShown] = useState({ searched, onSearchPage });
  if (shown.searched !== searched || shown.onSearchPage !== onSearchPage) {
    setShown({ searched, onSearchPage });
    setText(searched);
    if (shown.onSearchPage !== onSearchPage) setOpen(onSearchPage);
  }
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const ids = useId();

  // A phone's field is shown once open: it is drawn at once, to take the focus.
  function openField() {
    flushSync(() => setOpen(true));
    input.current?.focus();
  }

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTyping(event.target)) return;
      // Not from behind a dialog (the photo viewer, the Share dialog).
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      openField();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (onSearchPage) {
      const params = new URLSearchParams(search);
      if (q) params.set('q', q);
      else params.delete('q');
      void navigate(`${SEARCH_PATH}?${params.toString()}`);
    } else if (q) {
      void navigate(paths.search(q));
    } else {
      return;
    }
    // A phone's keyboard folds away, showing the results.
    input.current?.blur();
  };
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) close();
  };

  return (
    <div className={`app-search${open ? ' is-open' : ''}`}>
      <button
        ref={toggle}
        type="button"
        className="btn rounded-circle app-icon-button app-search-toggle"
        aria-label={t('layout.search')}
        aria-expanded={open}
        aria-controls={`${ids}-form`}
        onClick={openField}
      >
        <Icon name="search" />
      </button>
      <form
        id={`${ids}-form`}
        role="search"
        aria-label={t('layout.searchRegion')}
        className="app-search-form"
        onSubmit={submit}
        onKeyDown={onKeyDown}
      >
        <button
          type="button"
          className="btn rounded-circle app-icon-button app-search-close"
          aria-label={t('layout.closeSearch')}
          onClick={close}
        >
          <Icon name="back" />
        </button>
        <label htmlFor={`${ids}-input`} className="visually-hidden">
          {t('layout.searchPlaceholder')}
        </label>
        <div className="app-search-field">
          <Icon name="search" />
          <input
            ref={input}
            id={`${ids}-input`}
            type="search"
            className="form-control app-search-input"
            placeholder={t('layout.searchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </form>
    </div>
  );
}
