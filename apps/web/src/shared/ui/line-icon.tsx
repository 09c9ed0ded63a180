/**
 * A line drawing of one path on a square grid, stroked in the current text colour with round ends
 * and joins; decorative (a label or the text beside it says what it is).
 */
export function LineIcon({
  d,
  size,
  grid = size,
  strokeWidth = 1.6,
  className,
}: {
  d: string;
  /** Width and height, in pixels. */
  size: number;
  /** The side of the grid `d` is drawn on. */
  grid?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${grid} ${grid}`}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
