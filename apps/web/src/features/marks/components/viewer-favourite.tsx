import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n/i18n';
import { HeartIcon } from '../../../shared/components/heart-icon';
import { useFavouriteToggle } from './favourite-heart';

/** Whether a key press is meant for a field being typed in, not for the viewer. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The viewer's heart: the person's favourite, a toolbar button; the key F toggles it too (not
 * while typing, e.g. a comment).
 */
export function ViewerFavourite({
  photoId,
  favourite,
  buttonClass,
}: {
  photoId: string;
  favourite: boolean;
  buttonClass: string;
}) {
  const t = useT();
  const heart = useFavouriteToggle(photoId, favourite);
  const toggle = useRef(heart.toggle);
  useEffect(() => {
    toggle.current = heart.toggle;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'f' && event.key !== 'F') return;
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      toggle.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <button
      type="button"
      className={`${buttonClass} app-heart app-heart-bar${heart.favourite ? ' is-on' : ''}`}
      aria-pressed={heart.favourite}
      aria-label={t('marks.favourite')}
      aria-keyshortcuts="F"
      title={t(heart.favourite ? 'marks.unfavourite' : 'marks.favourite')}
      onClick={heart.toggle}
    >
      <HeartIcon filled={heart.favourite} />
    </button>
  );
}
