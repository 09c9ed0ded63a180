import { IMAGE_SIZES, type ImageSize, type Photo } from '@photo/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import Lightbox, { IconButton, createIcon, type Slide } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import { paths } from '../../../shared/config/paths';
import { countLabel } from '../../../shared/lib/count-label';
import { formatDateTaken } from '../../../shared/lib/format-date';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import type { RotateDirection } from '../../../shared/api/rotate-photo';
import { MIRRORED, ROTATE_LEFT_PATH } from '../../../shared/components/rotate-icon';

declare module 'yet-another-react-lightbox' {
  interface Labels {
    'Rotate left'?: string;
    'Rotate right'?: string;
  }
}

// Sized and coloured like the viewer's own icons.
const RotateLeftIcon = createIcon('RotateLeft', <path d={ROTATE_LEFT_PATH} />);
const RotateRightIcon = createIcon(
  'RotateRight',
  <g transform={MIRRORED}>
    <path d={ROTATE_LEFT_PATH} />
  </g>,
);

/** The size a derived image has: the long edge at most `edge`, never enlarged. */
function derivedSize(photo: Photo, edge: number): { width: number; height: number } | undefined {
  if (!photo.width || !photo.height) return undefined;
  const scale = Math.min(1, edge / Math.max(photo.width, photo.height));
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
}

function toSlide(photo: Photo, index: number, photos: readonly Photo[]): Slide {
  const by = photo.createdBy ? `Photo by ${photo.createdBy}` : 'Photo';
  const preview = derivedSize(photo, IMAGE_SIZES.preview);
  const srcSet = (Object.keys(IMAGE_SIZES) as ImageSize[]).flatMap((size) => {
    const dimensions = derivedSize(photo, IMAGE_SIZES[size]);
    return dimensions ? [{ src: sizedImageUrl(photo.photoUrl, size), ...dimensions }] : [];
  });
  return {
    src: sizedImageUrl(photo.photoUrl, 'preview'),
    ...(preview ?? {}),
    ...(srcSet.length > 0 ? { srcSet } : {}),
    alt: `${by}${photo.dateTaken ? `, taken ${formatDateTaken(photo.dateTaken)}` : ''}`,
    title: by,
    description: (
      <span className="app-lightbox-facts">
        {index + 1} of {photos.length}
        {' · '}
        {photo.dateTaken && (
          <>
            Taken <time dateTime={photo.dateTaken}>{formatDateTaken(photo.dateTaken)}</time>
            {' · '}
          </>
        )}
        {countLabel(photo.likeCount, 'like')} ·{' '}
        <Link to={paths.photo(photo.id)} className="app-lightbox-link">
          {countLabel(photo.commentCount, 'comment')}
          <span className="visually-hidden">: open the photo page</span>
        </Link>
      </span>
    ),
  };
}

export interface PhotoLightboxProps {
  photos: readonly Photo[];
  /** The photo shown, as an index into `photos`. */
  index: number;
  /** Another photo is shown (arrow keys, swipe, buttons). */
  onView: (index: number) => void;
  onClose: () => void;
  /** Whether the signed-in user may rotate this photo (they added it). */
  mayRotate?: (photo: Photo) => boolean;
  /** Rotate the photo shown a quarter turn. */
  onRotate?: (photo: Photo, direction: RotateDirection) => void;
  /** A rotation is on its way: the buttons wait for it. */
  rotating?: boolean;
}

/**
 * The album's photos full screen, one at a time, at preview size: arrows, swipe, pinch and wheel
 * zoom; the previous and next previews are loaded beforehand; "Rotate left" and "Rotate right" in
 * the toolbar for the person who added the photo shown. Loaded only when first opened.
 */
export default function PhotoLightbox({
  photos,
  index,
  onView,
  onClose,
  mayRotate,
  onRotate,
  rotating = false,
}: PhotoLightboxProps) {
  const slides = useMemo(() => photos.map(toSlide), [photos]);
  const shown = photos[index];
  const rotateButtons =
    shown && onRotate && mayRotate?.(shown)
      ? (['left', 'right'] as const).map((direction) => (
          <IconButton
            key={`rotate-${direction}`}
            label={direction === 'left' ? 'Rotate left' : 'Rotate right'}
            icon={direction === 'left' ? RotateLeftIcon : RotateRightIcon}
            // Not disabled while a turn is on its way: the focus stays on the button (and in the
            // viewer, whose keys keep working); a click then waits for nothing.
            aria-disabled={rotating}
            onClick={() => {
              if (!rotating) onRotate(shown, direction);
            }}
          />
        ))
      : [];
  return (
    <Lightbox
      open
      index={index}
      slides={slides}
      close={onClose}
      on={{ view: ({ index: shown }) => onView(shown) }}
      plugins={[Captions, Zoom]}
      toolbar={{ buttons: [...rotateButtons, 'close'] }}
      carousel={{ finite: true, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      captions={{ descriptionTextAlign: 'start', descriptionMaxLines: 2 }}
      zoom={{ maxZoomPixelRatio: 1, scrollToZoom: false }}
      labels={{
        Lightbox: 'Photo viewer',
        'Photo gallery': 'Photos of this album',
        Carousel: 'carousel',
        Slide: 'photo',
        Previous: 'Previous photo',
        Next: 'Next photo',
        Close: 'Close the viewer',
        'Zoom in': 'Zoom in',
        'Zoom out': 'Zoom out',
        'Rotate left': 'Rotate left',
        'Rotate right': 'Rotate right',
      }}
      className="app-lightbox"
    />
  );
}
