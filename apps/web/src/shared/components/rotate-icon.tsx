/** A circular arrow turning left (anticlockwise), on a 24 x 24 grid. */
export const ROTATE_LEFT_PATH = 'M12 5V2L7.5 6.5 12 11V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z';
/** The same arrow turning right: mirrored. */
export const MIRRORED = 'matrix(-1 0 0 1 24 0)';

/** A circular arrow turning left (anticlockwise) or right; decorative (the text says it). */
export function RotateIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      className="app-icon"
    >
      <g transform={direction === 'right' ? 'matrix(-1 0 0 1 24 0)' : undefined}>
        <path d="M12 5V2L7.5 6.5 12 11V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z" fill="currentColor" />
      </g>
    </svg>
  );
}
