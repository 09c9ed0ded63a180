import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useT } from '../../i18n/i18n';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { LiveGlyph } from './media-badge';
import './media.css';

/** How long a finger rests on a Live Photo before its motion plays (ms), as a long press selects. */
export const LIVE_PRESS_MS = 400;
/** A finger that moves further than this is swiping, not pressing (px). */
const PRESS_SLOP = 10;

interface LivePhotoProps {
  /** The motion's address (size=video); null while it cannot play (the still alone shows). */
  motionUrl: string | null;
  /** The still. */
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/**
 * A Live Photo: its still, and its motion played over it, muted and inline, while the mouse is on
 * it (not when the system asks for reduced motion), on a long press of a finger, or when "LIVE" is
 * pressed; back to the still when the motion ends, the pointer leaves or the finger lifts. The
 * motion is loaded the first time it is asked for.
 */
export function LivePhoto({ motionUrl, children, className = '', style }: LivePhotoProps) {
  const t = useT();
  const reducedMotion = useReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  // Whether the motion was ever asked for: its element (and its bytes) come then.
  const [armed, setArmed] = useState(false);
  const [playing, setPlaying] = useState(false);
  // Each play starts the motion over; what started it decides what a press of LIVE does next.
  const [round, setRound] = useState(0);
  const startedBy = useRef<'pointer' | 'button'>('pointer');
  const [showing, setShowing] = useState(false);
  const press = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const pressed = useRef(false);

  const play = (by: 'pointer' | 'button' = 'pointer') => {
    if (!motionUrl) return;
    startedBy.current = by;
    setArmed(true);
    setPlaying(true);
    setRound((was) => was + 1);
  };
  const stop = () => {
    setPlaying(false);
    setShowing(false);
  };

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) {
      element.currentTime = 0;
      // A browser may refuse (say, the element left the page meanwhile): the still stays.
      void Promise.resolve(element.play()).catch(() => {
        setPlaying(false);
        setShowing(false);
      });
    } else {
      element.pause();
    }
  }, [playing, armed, round]);

  // A Live Photo shown no more (the viewer moved on) stops its motion and its press.
  useEffect(
    () => () => {
      if (press.current) clearTimeout(press.current.timer);
    },
    [],
  );

  const endPress = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
    if (pressed.current) {
      pressed.current = false;
      stop();
    }
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' || !motionUrl) return;
    endPress();
    const { clientX: x, clientY: y } = event;
    press.current = {
      x,
      y,
      timer: setTimeout(() => {
        pressed.current = true;
        play();
      }, LIVE_PRESS_MS),
    };
  };
  const onPointerMove = (event: PointerEvent) => {
    const from = press.current;
    if (
      from &&
      !pressed.current &&
      Math.hypot(event.clientX - from.x, event.clientY - from.y) > PRESS_SLOP
    ) {
      endPress();
    }
  };

  return (
    <div
      className={`app-live ${className}`}
      style={style}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse' && !reducedMotion) play();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') stop();
        else endPress();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endPress}
      onPointerCancel={endPress}
      onContextMenu={(event) => {
        // The phone's own menu for the picture would open over the motion.
        if (press.current || pressed.current) event.preventDefault();
      }}
    >
      {children}
      {armed && motionUrl && (
        <video
          ref={video}
          className={`app-live-motion${showing ? ' is-playing' : ''}`}
          src={motionUrl}
          muted
          playsInline
          preload="auto"
          disablePictureInPicture
          aria-hidden="true"
          tabIndex={-1}
          onPlaying={() => setShowing(true)}
          onEnded={stop}
        />
      )}
      {motionUrl && (
        <button
          type="button"
          className="app-live-toggle"
          aria-pressed={playing}
          aria-label={t('common.livePlay')}
          title={playing ? t('common.motionStop') : t('common.motionPlay')}
          // With a mouse the motion plays already (on hover): a press plays it again from the start.
          onClick={() => (playing && startedBy.current === 'button' ? stop() : play('button'))}
        >
          <LiveGlyph />
          {t('common.live')}
        </button>
      )}
    </div>
  );
}
