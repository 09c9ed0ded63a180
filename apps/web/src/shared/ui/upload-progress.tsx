import { useT } from '../../i18n/i18n';

/**
 * A file's upload progress, in Bootstrap 5.3's markup: the track is the progressbar, so it carries
 * the file's name and the value.
 */
export function UploadProgress({
  name,
  percent,
  height,
  barClassName = 'progress-bar',
}: {
  name: string;
  percent: number;
  /** The track's height, a CSS length. */
  height: string;
  barClassName?: string;
}) {
  const t = useT();
  return (
    <div
      className="progress mt-2"
      role="progressbar"
      aria-label={t('upload.of', { name })}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      style={{ height }}
    >
      <div className={barClassName} style={{ width: `${percent}%` }} />
    </div>
  );
}
