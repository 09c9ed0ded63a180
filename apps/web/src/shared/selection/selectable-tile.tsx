import {
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useT } from '../../i18n/i18n';
import type { Selection } from './use-selection';
import './selection.css';

/** How long a finger rests on a tile before it is selected (ms). */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing (px). */
const LONG_PRESS_SLOP = 10;

/**
 * Long press on a touch screen: `onLongPress` runs once the finger has rested LONG_PRESS_MS, and
 * the click that follows the finger's lifting is swallowed.
 */
function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    clearTimeout(timer.current);
    start.current = null;
  };
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      fired.current = false;
      start.current = { x: event.clientX, y: event.clientY };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        fired.current = true;
        start.current = null;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > LONG_PRESS_SLOP) {
        cancel();
      }
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event: MouseEvent) => {
      // The phone's own menu for the picture would open over the selection.
      if (fired.current || start.current) event.preventDefault();
    },
    /** Whether the click now is the end of a long press (and forgets it). */
    takeFired: () => {
      const was = fired.current;
      fired.current = false;
      return was;
    },
  };
}

/** The round check of a tile: empty on hover, filled once selected. */
export function CheckCircle() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle className="app-check-ring" cx="12" cy="12" r="10" />
      <path className="app-check-mark" d="M7 12.5l3.2 3.2L17 9" />
    </svg>
  );
}

interface SelectableTileProps {
  id: string;
  /** What the photo is, said by the tile's controls ("Photo taken June 3, 2024"). */
  label: string;
  selection: Selection;
  /** The photos' ids in the order they are shown: what a Shift-click range runs along. */
  ordered: () => readonly string[];
  /**
   * The control that opens the photo when nothing is selected: a link laid over the whole tile
   * (give it `className`).
   */
  open: (className: string) => ReactElement;
  /** The picture (and whatever else lies in the tile, under the controls). */
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  role?: string;
}

/**
 * A photo's tile that can be selected: a check in its corner (on hover, on keyboard focus, and on
 * every tile once anything is selected); a click on the check toggles the photo, Shift-click
 * selects the range from the last one toggled, a long press on a touch screen selects it. While
 * anything is selected a click anywhere on a tile toggles it: the tile is then a toggle button.
 */
export function SelectableTile({
  id,
  label,
  selection,
  ordered,
  open,
  children,
  className = '',
  style,
  role,
}: SelectableTileProps) {
  const t = useT();
  const selected = selection.ids.has(id);
  const { selecting } = selection;
  const press = useLongPress(() => {
    selection.toggle(id);
    navigator.vibrate?.(10);
  });
  const { takeFired, ...pressHandlers } = press;
  const root = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  // The tile's controls change as selecting starts or ends: the focus stays on the tile.
  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    if (!root.current?.contains(document.activeElement)) {
      root.current?.querySelector<HTMLElement>('.app-select-main')?.focus();
    }
  });
  const choose = (event: MouseEvent) => {
    event.preventDefault();
    refocus.current = event.detail === 0 || root.current?.contains(document.activeElement) === true;
    if (event.shiftKey) selection.extend(id, ordered());
    else selection.toggle(id);
  };
  return (
    <div
      ref={root}
      role={role}
      className={`app-select-tile${selected ? ' is-selected' : ''}${selecting ? ' is-selecting' : ''} ${className}`}
      style={style}
      {...pressHandlers}
      onClickCapture={(event) => {
        if (takeFired()) {
          event.preventDefault();
          event.stopPropagation();
        } else if (event.shiftKey && !selecting) {
          event.stopPropagation();
          choose(event);
        }
      }}
    >
      {children}
      {selecting ? (
        <button
          type="button"
          className="app-select-main"
          aria-pressed={selected}
          aria-label={label}
          onClick={choose}
        >
          <span className="app-select-check">
            <CheckCircle />
          </span>
        </button>
      ) : (
        <>
          {open('app-select-main')}
          <button
            type="button"
            className="app-select-check"
            aria-pressed={false}
            aria-label={t('common.selectItem', { label })}
            onClick={choose}
          >
            <CheckCircle />
          </button>
        </>
      )}
    </div>
  );
}
