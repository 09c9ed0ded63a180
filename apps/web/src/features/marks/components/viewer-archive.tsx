import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { markPhotos } from '../api/mark-photos';

// The viewer's icons are filled, 24 × 24 (Material's archive and unarchive, outlined).
const ARCHIVE =
  'M20.54 5.23 19.15 3.55A2 2 0 0 0 18 3H6a2 2 0 0 0-1.16.55L3.46 5.23A2.2 2.2 0 0 0 3 6.5V19a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6.5c0-.48-.17-.93-.46-1.27zM6.24 5h11.52l.81.97H5.44l.8-.97zM5 19V8h14v11H5zm8.45-9h-2.9v3H8l4 4 4-4h-2.55z';
const UNARCHIVE =
  'M20.55 5.22 19.16 3.54A2 2 0 0 0 18 3H6a2 2 0 0 0-1.15.55L3.46 5.22A2.2 2.2 0 0 0 3 6.5V19a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6.5c0-.49-.17-.93-.45-1.28zM12 9.5l5.5 5.5H14v2h-4v-2H6.5L12 9.5zM5.12 5l.82-1h12l.93 1H5.12z';

/**
 * The viewer's Archive, or Unarchive for a photo archived: the person's own photos only (the
 * server refuses others'). `onChanged` is told the new state once the server has it: the page reads
 * again what lists the photo, or moves the viewer on where it no longer lists it (Photos).
 */
export function ViewerArchive({
  photoId,
  archived,
  buttonClass,
  onChanged,
}: {
  photoId: string;
  archived: boolean;
  buttonClass: string;
  onChanged: (archived: boolean) => void;
}) {
  const t = useT();
  const [now, setNow] = useState(archived);
  const change = useMutation({
    mutationFn: (next: boolean) => markPhotos(next ? 'archive' : 'unarchive', [photoId]),
    onSuccess: (_result, next) => {
      setNow(next);
      onChanged(next);
    },
  });
  const label = t(now ? 'marks.unarchive' : 'marks.archive');
  return (
    <button
      type="button"
      className={buttonClass}
      title={label}
      aria-disabled={change.isPending}
      onClick={() => {
        if (!change.isPending) change.mutate(!now);
      }}
    >
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
        className="yarl__icon"
      >
        <path d={now ? UNARCHIVE : ARCHIVE} />
      </svg>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
