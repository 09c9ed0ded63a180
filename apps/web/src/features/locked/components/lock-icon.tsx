import { LineIcon } from '../../../shared/ui/line-icon';

/** A padlock, drawn on a 20 × 20 grid; decorative. */
export const LOCK_PATH = 'M5 9h10v8H5zM7 9V6.5a3 3 0 0 1 6 0V9M10 12.25v2';

export function LockIcon({ size = 20 }: { size?: number }) {
  return <LineIcon d={LOCK_PATH} size={size} grid={20} />;
}
