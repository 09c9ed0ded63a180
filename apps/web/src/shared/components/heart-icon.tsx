/** A heart, filled or outlined, in the current text colour; decorative (the text says it). */
export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      className="app-icon"
    >
      <path
        d="M8 14.2S1.5 10.3 1.5 5.6A3.3 3.3 0 0 1 8 4.3a3.3 3.3 0 0 1 6.5 1.3c0 4.7-6.5 8.6-6.5 8.6z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}
