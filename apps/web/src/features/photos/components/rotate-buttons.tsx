import type { Photo } from '@photo/contract';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '../../../shared/api/api-error';
import { useRotatePhoto } from '../../../shared/api/rotate-photo';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { RotateIcon } from '../../../shared/components/rotate-icon';
import { useSetPhoto } from '../api/get-photo';
import { useT } from '../../../i18n/i18n';

interface RotateButtonsProps {
  photo: Photo;
  /** Told when the server has turned the photo. */
  onRotated?: (rotated: Photo) => void;
  className?: string;
}

/** "Rotate left" and "Rotate right" (round buttons showing their arrows), for the person who added the photo only. */
export function RotateButtons({ photo, onRotated, className = '' }: RotateButtonsProps) {
  const userId = useCurrentUserId();
  const setPhoto = useSetPhoto();
  const t = useT();
  const rotate = useRotatePhoto(`rotate-${photo.id}`, (rotated) => {
    setPhoto(rotated);
    onRotated?.(rotated);
  });
  // A video and a Live Photo play the way they were recorded: they are not turned.
  if (userId === null || userId !== photo.createdById || photo.kind !== 'photo') return null;
  return (
    <div className={`d-flex flex-wrap align-items-center gap-2 ${className}`}>
      {(['left', 'right'] as const).map((direction) => (
        <Button
          key={direction}
          variant="outline-secondary"
          className="rounded-circle app-icon-button"
          title={t(direction === 'left' ? 'photos.rotate.left' : 'photos.rotate.right')}
          // Not disabled while a turn is on its way, so the focus stays on the button.
          aria-disabled={rotate.isPending}
          onClick={() => {
            if (!rotate.isPending) rotate.mutate({ photoId: photo.id, direction });
          }}
        >
          <RotateIcon direction={direction} />
          <span className="visually-hidden">
            {t(direction === 'left' ? 'photos.rotate.left' : 'photos.rotate.right')}
          </span>
        </Button>
      ))}
      {rotate.isPending && (
        <span role="status" className="small">
          <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          {t('photos.rotating')}
        </span>
      )}
      {rotate.isError && (
        <span role="alert" className="small text-danger-emphasis">
          {t('photos.rotate.failed', { error: errorMessage(rotate.error) })}
        </span>
      )}
    </div>
  );
}
