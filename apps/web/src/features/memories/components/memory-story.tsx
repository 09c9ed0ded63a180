import type { Memory } from '@photo/contract';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { useT } from '../../../i18n/i18n';

/** How long one photo of a memory is shown before the next (ms). */
export const STORY_PHOTO_MS = 5_000;
/** A press held this long pauses (ms); shorter is a tap. */
const HOLD_MS = 250;
/** A swipe moves at least this far (px). */
const SWIPE_PX = 50;

interface Place {
  memory: number;
  photo: number;
}

/**
 * Where the story goes from `place` by `step` photos: to the next memory after the last photo of
 * one, to the previous memory's last photo before the first; null past the very end (it closes).
 */
export function stepStory(memories: readonly Memory[], place: Place, step: 1 | -1): Place | null {
  const count = memories[place.memory]?.photos.length ?? 0;
  const photo = place.photo + step;
  if (photo >= 0 && photo < count) return { memory: place.memory, photo };
  const memory = place.memory + step;
  const next = memories[memory];
  if (!next) return step > 0 ? null : place;
  return { memory, photo: step > 0 ? 0 : next.photos.length - 1 };
}

/**
 * The page behind the story is inert and does not scroll; the focus comes into the story, and
 * goes back to where it was when the story closes.
 */
function useModal() {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const behind = [...document.body.children].filter(
      (element) => element !== dialog.current && !element.hasAttribute('inert'),
    );
    for (const element of behind) element.setAttribute('inert', '');
    dialog.current?.focus();
    return () => {
      for (const element of behind) element.removeAttribute('inert');
      document.body.style.overflow = overflow;
      before?.focus();
    };
  }, []);
  return dialog;
}

/** A press on the photo: a tap steps by the half it is on, a hold pauses while held, a swipe steps or closes. */
function usePress(
  go: (step: 1 | -1) => void,
  onClose: () => void,
  setHeld: (held: boolean) => void,
) {
  const press = useRef<{ x: number; y: number; at: number; timer: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const timer = window.setTimeout(() => setHeld(true), HOLD_MS);
    press.current = { x: event.clientX, y: event.clientY, at: Date.now(), timer };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const down = press.current;
    press.current = null;
    if (!down) return;
    window.clearTimeout(down.timer);
    setHeld(false);
    const dx = event.clientX - down.x;
    const dy = event.clientY - down.y;
    if (dy > 2 * SWIPE_PX && Math.abs(dy) > Math.abs(dx)) onClose();
    else if (Math.abs(dx) > SWIPE_PX) go(dx < 0 ? 1 : -1);
    else if (Date.now() - down.at < HOLD_MS) {
      const box = event.currentTarget.getBoundingClientRect();
      go(event.clientX < box.left + box.width / 2 ? -1 : 1);
    }
  };
  const onPointerCancel = () => {
    if (press.current) window.clearTimeout(press.current.timer);
    press.current = null;
    setHeld(false);
  };
  return { onPointerDown, onPointerUp, onPointerCancel };
}

/** A bar a photo: full for those seen, filling for the one shown (CSS, paused with the story). */
function StoryBars({ count, at, shown }: { count: number; at: number; shown: string }) {
  return (
    <div className="app-story-bars" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="app-story-bar">
          <span
            key={index === at ? shown : 'bar'}
            className={
              index < at
                ? 'app-story-fill is-done'
                : index === at
                  ? 'app-story-fill is-now'
                  : 'app-story-fill'
            }
            style={{ animationDuration: `${STORY_PHOTO_MS}ms` }}
          />
        </span>
      ))}
    </div>
  );
}

/**
 * A memory as a story (decision 0108): full screen, one photo at a time for STORY_PHOTO_MS, a bar
 * a photo at the top; the right half (or ArrowRight, or a swipe left) goes on, the left half (or
 * ArrowLeft, or a swipe right) back; Space or a held press pauses; Escape, a swipe down or the
 * close button leaves. After one memory's last photo comes the next memory's first, after the
 * last memory it closes. With reduced motion the bars do not fill as time goes; the photos still
 * move on.
 */
export function MemoryStory({
  memories,
  start,
  onClose,
  onHide,
}: {
  memories: readonly Memory[];
  /** Which memory it opens on. */
  start: number;
  onClose: () => void;
  /** "Don't show this memory" (the story is closed by whoever hides it). */
  onHide: (memory: Memory) => void;
}) {
  const translate = useT();
  const [place, setPlace] = useState<Place>({ memory: start, photo: 0 });
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const memory = memories[place.memory];
  const photo = memory?.photos[place.photo];
  const stopped = paused || held;

  const go = useCallback(
    (step: 1 | -1) => {
      const next = stepStory(memories, place, step);
      if (next) setPlace(next);
      else onClose();
    },
    [memories, place, onClose],
  );

  // The time left of the photo shown: kept across a pause, a fresh STORY_PHOTO_MS for each photo.
  const left = useRef({ of: '', ms: STORY_PHOTO_MS });
  const shown = `${memory?.key ?? ''}/${photo?.id ?? ''}`;
  useEffect(() => {
    if (left.current.of !== shown) left.current = { of: shown, ms: STORY_PHOTO_MS };
    if (stopped || !photo) return undefined;
    const from = Date.now();
    const timer = setTimeout(() => go(1), left.current.ms);
    return () => {
      clearTimeout(timer);
      left.current.ms = Math.max(0, left.current.ms - (Date.now() - from));
    };
  }, [shown, stopped, photo, go]);

  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === 'Escape') onClose();
      else if (event.key === ' ' && !(event.target instanceof HTMLButtonElement)) {
        setPaused((was) => !was);
      } else return;
      event.preventDefault();
    },
    [go, onClose],
  );
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onKey]);

  const dialog = useModal();

  const press = usePress(go, onClose, setHeld);

  if (!memory || !photo) return null;
  const when = translate('memories.yearsAgo', { count: memory.yearsAgo });
  const name = translate('memories.story', { when, year: String(memory.year) });
  return createPortal(
    <div
      ref={dialog}
      className={stopped ? 'app-story is-paused' : 'app-story'}
      role="dialog"
      aria-modal="true"
      aria-label={name}
      tabIndex={-1}
    >
      <StoryBars count={memory.photos.length} at={place.photo} shown={shown} />
      <div className="app-story-top">
        <div className="app-story-title">
          <h2 className="app-story-when">{when}</h2>
          <p className="app-story-date">{formatDateTaken(photo.date)}</p>
        </div>
        <button
          type="button"
          className="app-story-button"
          aria-label={translate(stopped ? 'memories.play' : 'memories.pause')}
          onClick={() => setPaused((was) => !was)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d={stopped ? 'M8 5.5v13l10.5-6.5z' : 'M8 5h3v14H8zM13 5h3v14h-3z'} />
          </svg>
        </button>
        <button
          type="button"
          className="app-story-button"
          aria-label={translate('memories.close')}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" className="app-story-stroke" />
          </svg>
        </button>
      </div>
      <div
        className="app-story-stage"
        onPointerDown={press.onPointerDown}
        onPointerUp={press.onPointerUp}
        onPointerCancel={press.onPointerCancel}
        onContextMenu={(event) => event.preventDefault()}
      >
        <img
          key={photo.id}
          src={sizedImageUrl(photo.photoUrl, 'preview')}
          alt={translate('memories.photo', {
            index: place.photo + 1,
            count: memory.photos.length,
          })}
          draggable={false}
        />
      </div>
      {/* Keyboard and screen reader ways to what the halves of the photo do. */}
      <button
        type="button"
        className="app-story-button app-story-step is-previous"
        aria-label={translate('memories.previous')}
        onClick={() => go(-1)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" className="app-story-stroke" />
        </svg>
      </button>
      <button
        type="button"
        className="app-story-button app-story-step is-next"
        aria-label={translate('memories.next')}
        onClick={() => go(1)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M9 5l7 7-7 7" className="app-story-stroke" />
        </svg>
      </button>
      <div className="app-story-bottom">
        <button type="button" className="btn btn-light btn-sm" onClick={() => onHide(memory)}>
          {translate('memories.hide')}
        </button>
      </div>
    </div>,
    document.body,
  );
}
