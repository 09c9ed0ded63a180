import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import {
  fractionForOffset,
  monthIndexAt,
  monthLabel,
  offsetForFraction,
  rowAt,
  yearMarks,
  type TimelineLayout,
} from '../lib/timeline-layout';
import { useT } from '../../../i18n/i18n';

/** Month labels closer than this on the track are left out (their marks stay) (px). */
const LABEL_SPACING = 20;
/** Month marks closer than this are left out (px). */
const DOT_SPACING = 5;
/** After a jump by keyboard, the scroll it causes does not move the slider's value (ms). */
const KEY_SETTLE_MS = 400;
/** How long after the last scroll the page counts as scrolling (ms). */
const SCROLLING_MS = 1500;

/** When the slider last moved by keyboard, and where that left the page (window.scrollY). */
interface KeyJump {
  at: number;
  y: number;
}

/** The track's height, followed as the window changes. */
function useTrackHeight(track: RefObject<HTMLDivElement | null>) {
  const [trackHeight, setTrackHeight] = useState(0);
  useLayoutEffect(() => {
    const element = track.current;
    if (!element) return;
    const update = () => setTrackHeight(element.clientHeight);
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [track]);
  return trackHeight;
}

/**
 * Where the screen is on the timeline: the thumb's place (`fraction`), the month the slider says
 * (`index`, left alone for a moment after a jump by keyboard, `keyJump`), and whether the page
 * was scrolled a moment ago.
 */
function useScrollPosition(layout: TimelineLayout, top: number, keyJump: RefObject<KeyJump>) {
  const [fraction, setFraction] = useState(0);
  const [index, setIndex] = useState(0);
  // Scrolled a moment ago: a phone shows the handle then only, as its own photo app does.
  const [scrolling, setScrolling] = useState(false);
  const [viewport, setViewport] = useState(() => window.innerHeight);
  const lastIndex = layout.months.length - 1;
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      const offset = window.scrollY - top;
      setViewport(window.innerHeight);
      setFraction(fractionForOffset(layout, offset, window.innerHeight));
      // A month chosen by keyboard stays chosen for a moment, then for as long as the page stays
      // where the jump left it: the page's end may stop it short of the month's top.
      const jump = keyJump.current;
      if (window.scrollY !== jump.y && performance.now() - jump.at > KEY_SETTLE_MS) {
        // At the page's end the oldest month is on the screen, however short it is.
        const { scrollHeight } = document.documentElement;
        const atEnd = window.scrollY > 0 && window.scrollY + window.innerHeight >= scrollHeight - 2;
        const row = rowAt(layout, offset + 1);
        // A month that begins in the row at the top is on the screen: a jump to it stays there.
        setIndex((current) =>
          atEnd
            ? lastIndex
            : layout.months[current]?.firstRow === row
              ? current
              : monthIndexAt(layout, offset + 1),
        );
      }
    };
    let idle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
      setScrolling(true);
      clearTimeout(idle);
      idle = setTimeout(() => setScrolling(false), SCROLLING_MS);
    };
    read();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(idle);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [layout, top, lastIndex, keyJump]);

  return { viewport, fraction, index, setIndex, scrolling };
}

/**
 * The date scrubber on the right edge: the whole timeline on one track, its months marked with
 * their year where there is room. A click or a drag jumps there at once (the layout is known: one
 * scrollTo), the handle under the finger, and says the month while dragging. A slider for the
 * keyboard: arrows step by month, Page Up and Down by year, Home and End to the newest and the
 * oldest. At most one element per month, however many photos.
 */
export function Scrubber({
  layout,
  top,
  onDragging,
}: {
  layout: TimelineLayout;
  top: number;
  /** A drag starts or ends. */
  onDragging?: (dragging: boolean) => void;
}) {
  const track = useRef<HTMLDivElement>(null);
  const t = useT();
  const [pointer, setPointer] = useState<{ y: number; label: string; dragging: boolean } | null>(
    null,
  );
  const keyJump = useRef<KeyJump>({ at: 0, y: Number.NaN });
  const marks = useMemo(() => yearMarks(layout), [layout]);
  const monthMarks = useMemo(
    () => layout.months.map(({ month, top }) => ({ month, top })),
    [layout],
  );
  const lastIndex = layout.months.length - 1;
  const trackHeight = useTrackHeight(track);
  const { viewport, fraction, index, setIndex, scrolling } = useScrollPosition(
    layout,
    top,
    keyJump,
  );
  // The months on the track: each labelled with its year where there is room (a new year's first
  // month first), a mark where there is less, nothing where marks would touch.
  const placed = useMemo(() => {
    const list: { month: string; y: number; labelled: boolean }[] = [];
    let lastLabel = -Infinity;
    let lastDot = -Infinity;
    monthMarks.forEach(({ month, top }, at) => {
      const y = fractionForOffset(layout, top, viewport) * trackHeight;
      const newYear = at === 0 || monthMarks[at - 1]!.month.slice(0, 4) !== month.slice(0, 4);
      const spacing = newYear ? LABEL_SPACING : LABEL_SPACING * 2;
      if (y - lastLabel >= spacing) {
        lastLabel = y;
        lastDot = y;
        list.push({ month, y, labelled: true });
      } else if (y - lastDot >= DOT_SPACING && y - lastLabel >= LABEL_SPACING / 2) {
        lastDot = y;
        list.push({ month, y, labelled: false });
      }
    });
    return list;
  }, [monthMarks, layout, viewport, trackHeight]);

  const scrollTo = (offset: number) => window.scrollTo({ top: top + offset, behavior: 'instant' });

  const pointAt = (event: PointerEvent, dragging: boolean) => {
    const rect = track.current!.getBoundingClientRect();
    const y = Math.min(rect.height, Math.max(0, event.clientY - rect.top));
    const bottom = y >= rect.height - 1;
    const offset = offsetForFraction(layout, rect.height ? y / rect.height : 0, window.innerHeight);
    // The track's bottom is the page's end (below the timeline lies the page's margin).
    if (dragging && bottom) {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    } else if (dragging) scrollTo(offset);
    const month = layout.months[bottom ? lastIndex : monthIndexAt(layout, offset + 1)]!.month;
    setPointer({ y, label: monthLabel(month), dragging });
  };

  const toMonth = (next: number) => {
    const at = Math.min(lastIndex, Math.max(0, next));
    setIndex(at);
    scrollTo(layout.months[at]!.top);
    keyJump.current = { at: performance.now(), y: window.scrollY };
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const year = layout.months[index]!.month.slice(0, 4);
    const moves: Record<string, () => number> = {
      ArrowDown: () => index + 1,
      ArrowRight: () => index + 1,
      ArrowUp: () => index - 1,
      ArrowLeft: () => index - 1,
      // The next year's newest month; the previous year's, or this year's when past its first.
      PageDown: () => marks.find((mark) => mark.year < year)?.index ?? lastIndex,
      PageUp: () => {
        const own = marks.find((mark) => mark.year === year)!.index;
        if (own < index) return own;
        return marks.findLast((mark) => mark.year > year)?.index ?? 0;
      },
      Home: () => 0,
      End: () => lastIndex,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    toMonth(move());
  };

  const current = monthLabel(layout.months[index]!.month);
  return (
    <div
      ref={track}
      className={`app-scrubber${pointer?.dragging ? ' is-dragging' : ''}${scrolling ? ' is-scrolling' : ''}`}
      role="slider"
      tabIndex={0}
      aria-label={t('timeline.jump')}
      aria-orientation="vertical"
      aria-valuemin={0}
      aria-valuemax={lastIndex}
      aria-valuenow={index}
      aria-valuetext={current}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        event.preventDefault();
        onDragging?.(true);
        pointAt(event, true);
      }}
      onPointerMove={(event) => {
        if (pointer?.dragging || event.pointerType === 'mouse')
          pointAt(event, pointer?.dragging ?? false);
      }}
      onPointerUp={() => {
        setPointer(null);
        onDragging?.(false);
      }}
      onPointerCancel={() => {
        setPointer(null);
        onDragging?.(false);
      }}
      onPointerLeave={() => setPointer((shown) => (shown?.dragging ? shown : null))}
    >
      {placed.map(({ month, y, labelled }) => (
        <span
          key={month}
          className={labelled ? 'app-scrubber-year' : 'app-scrubber-dot'}
          style={{ top: y }}
          aria-hidden="true"
        >
          {labelled ? monthLabel(month, true) : null}
        </span>
      ))}
      <span
        className="app-scrubber-thumb"
        // While a finger or the mouse drags it, the handle is where they are.
        style={{ top: pointer?.dragging ? pointer.y : fraction * trackHeight }}
        aria-hidden="true"
      />
      {pointer && (
        <span className="app-scrubber-label" style={{ top: pointer.y }} aria-hidden="true">
          {pointer.label}
        </span>
      )}
    </div>
  );
}
