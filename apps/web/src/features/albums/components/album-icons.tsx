/** Line icons of the album page, 16 × 16, in the current text colour; decorative (a label says it). */
const PATHS = {
  upload: 'M8 10.5V2M4.75 5.25 8 2l3.25 3.25M2.5 10v3.5h11V10',
  share:
    'M5.5 9.5 10.5 12M5.5 6.5l5-2.5M4 9.75a1.75 1.75 0 1 0 0-3.5 1.75 1.75 0 0 0 0 3.5zM12 5.25a1.75 1.75 0 1 0 0-3.5 1.75 1.75 0 0 0 0 3.5zM12 14.25a1.75 1.75 0 1 0 0-3.5 1.75 1.75 0 0 0 0 3.5z',
  rename: 'M10.75 2.75 13.25 5.25 5.5 13H3v-2.5zM9 4.5l2.5 2.5',
  trash: 'M2.5 4h11M6.25 4V2.5h3.5V4M4 4l.75 9.5h6.5L12 4M6.75 6.5v4.5M9.25 6.5v4.5',
  leave: 'M6.5 2.5h-4v11h4M10 5l3 3-3 3M13 8H6',
  download: 'M8 2v8.5M4.75 7.25 8 10.5l3.25-3.25M2.5 10v3.5h11V10',
  open: 'M9 2.5h4.5V7M13.5 2.5 7.5 8.5M12 10v3.5H2.5V4H6',
  photos:
    'M2 3.5h12v9H2zM2 10.5l3.5-3.5 3 3 2-2 3.5 3.5M10.5 6.25a.75.75 0 1 0 0-1.5.75.75 0 0 0 0 1.5z',
  link: 'M6.75 9.25a2.75 2.75 0 0 0 4 .15l2-2a2.75 2.75 0 0 0-3.9-3.9l-.85.85M9.25 6.75a2.75 2.75 0 0 0-4-.15l-2 2a2.75 2.75 0 0 0 3.9 3.9l.85-.85',
  lock: 'M3.5 7.5h9v6h-9zM5.25 7.5V5a2.75 2.75 0 0 1 5.5 0v2.5',
  copy: 'M5.5 5.5h8v8h-8zM10.5 5.5v-3h-8v8h3',
  add: 'M8 3v10M3 8h10',
} as const;

export function AlbumIcon({ name, size = '1em' }: { name: keyof typeof PATHS; size?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 16 16"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="app-icon"
    >
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
