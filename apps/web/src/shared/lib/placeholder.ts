import { useSyncExternalStore, type CSSProperties, type SyntheticEvent } from 'react';
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';
import { PENDING_IMAGE } from './image-url';

/** Decoded placeholders by hash: a card re-renders often, and a list shows the same ones again. */
const decoded = new Map<string, string | null>();
const MAX_DECODED = 500;

/** The picture a ThumbHash (base64, as the API sends it) stands for, as a PNG data URL; null if unreadable. */
export function placeholderDataUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const known = decoded.get(hash);
  if (known !== undefined) return known;
  const bytes = hashBytes(hash);
  let url: string | null;
  try {
    url = bytes ? thumbHashToDataURL(bytes) : null;
  } catch {
    url = null;
  }
  if (decoded.size >= MAX_DECODED) decoded.delete(decoded.keys().next().value ?? '');
  decoded.set(hash, url);
  return url;
}

/** A ThumbHash's bytes (base64, as the API sends it); null if unreadable. */
function hashBytes(hash: string): Uint8Array | null {
  try {
    const bytes = Uint8Array.from(atob(hash), (char) => char.charCodeAt(0));
    // A ThumbHash has a 5-byte header and a few bytes of colour at least.
    return bytes.length >= 6 ? bytes : null;
  } catch {
    return null;
  }
}

const colours = new Map<string, string | undefined>();

/**
 * The average colour of the picture a ThumbHash stands for, as CSS (undefined if unreadable): read
 * off the hash's header, so it costs next to nothing, where decoding the whole placeholder costs a
 * millisecond or more. What a tile shows until its placeholder is decoded.
 */
export function placeholderColour(hash: string | null | undefined): string | undefined {
  if (!hash) return undefined;
  if (colours.has(hash)) return colours.get(hash);
  const bytes = hashBytes(hash);
  let colour: string | undefined;
  if (bytes) {
    const { r, g, b } = thumbHashToAverageRGBA(bytes);
    const channel = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 255);
    colour = `rgb(${channel(r)} ${channel(g)} ${channel(b)})`;
  }
  if (colours.size >= MAX_DECODED) colours.delete(colours.keys().next().value ?? '');
  colours.set(hash, colour);
  return colour;
}

/** The style that paints a decoded placeholder (a data URL) behind an <img>: see placeholderStyle. */
function styleOf(url: string | null): CSSProperties | undefined {
  if (!url) return undefined;
  return {
    backgroundImage: `url("${url}")`,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  };
}

/**
 * The style that paints a picture's placeholder behind its <img> while it loads: blurred colours
 * stretched over the box the img's width and height already reserve, so nothing moves when the
 * picture arrives and covers it. undefined without a (readable) placeholder.
 */
export function placeholderStyle(hash: string | null | undefined): CSSProperties | undefined {
  return styleOf(placeholderDataUrl(hash));
}

/** The picture has loaded: its placeholder goes, so it never shows through transparent parts. */
export function clearPlaceholder(event: SyntheticEvent<HTMLImageElement>): void {
  event.currentTarget.style.backgroundImage = 'none';
}

/** The props that put a decoded placeholder on an <img> until it loads: spread them on the img. */
function propsOf(url: string | null): {
  style?: CSSProperties;
  onLoad?: (event: SyntheticEvent<HTMLImageElement>) => void;
} {
  const style = styleOf(url);
  return style ? { style, onLoad: clearPlaceholder } : {};
}

/** The props that put a placeholder on an <img> until it loads: spread them on the img. */
export function placeholderProps(hash: string | null | undefined) {
  return propsOf(placeholderDataUrl(hash));
}

/**
 * Placeholders to decode once the page is idle: those of cards below the first row, so the first
 * render decodes only what the first screen shows. Cards showing them are told when they are.
 */
const waiting = new Set<string>();
const listeners = new Set<() => void>();

const whenIdle = (run: (deadline?: IdleDeadline) => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: 1000 });
  } else {
    setTimeout(run, 1);
  }
};

/**
 * The longest a turn of idle decoding runs, in ms. An idle period may offer 50 ms, but a tap that
 * comes meanwhile waits for the turn to end, and Lighthouse's slowed-down phone counts such a turn
 * four times as long: a few placeholders per turn keep every task short.
 */
export const IDLE_SLICE_MS = 8;

function decodeWaiting(deadline?: IdleDeadline) {
  const started = performance.now();
  let count = 0;
  for (const hash of waiting) {
    // At least one per turn, so a page that is never idle still gets its placeholders.
    if (count > 0 && performance.now() - started >= IDLE_SLICE_MS) break;
    if (count > 0 && deadline && !deadline.didTimeout && deadline.timeRemaining() < 2) break;
    waiting.delete(hash);
    placeholderDataUrl(hash);
    count += 1;
  }
  for (const listener of listeners) listener();
  if (waiting.size > 0) whenIdle(decodeWaiting);
}

function decodeWhenIdle(hash: string): null {
  if (waiting.size === 0) whenIdle(decodeWaiting);
  waiting.add(hash);
  return null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const noPlaceholder = () => null;

/**
 * A picture's placeholder as a data URL (null without one): decoded now, or with `later`, once
 * the page is idle (null until then, and the component renders again with it).
 */
export function usePlaceholder(hash: string | null | undefined, later = false): string | null {
  return useSyncExternalStore(
    subscribe,
    () => {
      if (!hash || !later) return placeholderDataUrl(hash);
      const known = decoded.get(hash);
      return known !== undefined ? known : decodeWhenIdle(hash);
    },
    // A page drawn on the server shows the average colour; the browser decodes the rest.
    noPlaceholder,
  );
}

/**
 * The src, srcSet and placeholder of a card's <img>: its sizes once they are made (`ready`; for a
 * grid tile, once its thumbnail is: isThumbShown), and until then the placeholder itself (or a transparent pixel without one), with no srcSet: the
 * list is asked for again until the picture is ready (PENDING_REFETCH_MS). `placeholder` is the
 * decoded one (usePlaceholder). Give the img a key that changes with `ready`, so the browser
 * starts afresh on the real picture.
 */
export function cardImageProps(
  ready: boolean,
  placeholder: string | null,
  sized: () => { src: string; srcSet: string | undefined },
): {
  src: string;
  srcSet?: string;
  style?: CSSProperties;
  onLoad?: (event: SyntheticEvent<HTMLImageElement>) => void;
} {
  return {
    ...(ready ? sized() : { src: placeholder ?? PENDING_IMAGE }),
    ...propsOf(placeholder),
  };
}
