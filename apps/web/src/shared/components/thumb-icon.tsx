/**
 * A raised thumb, filled or outlined, in the current text colour; decorative (the text says it).
 * Likes are shown with it, so they never look like the heart of one's favourites.
 */
export function ThumbIcon({ filled = false }: { filled?: boolean }) {
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
        d="M5 7.2h-2.6v6.6H5zM5 7.2 7.7 2c1.1 0 1.8.9 1.6 2l-.4 2.4h3.9c.9 0 1.6.9 1.4 1.8l-1 4.3c-.2.8-.8 1.3-1.6 1.3H5z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}
