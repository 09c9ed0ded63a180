import { IMAGE_SIZES, type Photo } from '@photo/contract';
import { useMemo, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { RowsPhotoAlbum, type RenderImageProps } from 'react-photo-album';
import 'react-photo-album/rows.css';
import '../../../shared/styles/gallery.css';
import { imageSrcSet, scaledSize, sizedImageUrl } from '../../../shared/lib/image-url';
import { cardImageProps, usePlaceholder } from '../../../shared/lib/placeholder';

/** Tiles loaded at once, with their placeholders decoded before the first paint: a first screen. */
const EAGER_TILES = 12;

/** A photo as the layout sees it: its shape, and the photo itself. */
interface GridItem {
  key: string;
  alt: string;
  src: string;
  width: number;
  height: number;
  photo: Photo;
}

/** Rows about as tall as a thumb on a phone, taller as the screen widens (px). */
const rowHeight = (containerWidth: number) =>
  containerWidth < 560 ? 118 : containerWidth < 900 ? 160 : 200;

/** A row alone (an album of a few photos) is no taller than this, rather than the screen's width. */
const SINGLE_ROW_MAX_HEIGHT = 320;

interface TileImageProps {
  photo: Photo;
  index: number;
  /** The layout's props for the picture (its class and alt text). */
  layout: RenderImageProps;
  /** The tile's width and height as laid out, before a lone row is kept low. */
  width: number;
  height: number;
}

function TileImage({ photo, index, layout, width, height }: TileImageProps) {
  const eager = index < EAGER_TILES;
  // Tiles past the first screen decode theirs once it is shown.
  const placeholder = usePlaceholder(photo.placeholder, !eager);
  const size = scaledSize(photo.width, photo.height, IMAGE_SIZES.thumb) ?? {
    width: 600,
    height: 450,
  };
  return (
    <img
      key={photo.ready ? 'ready' : 'pending'}
      className={`${layout.className ?? ''} app-tile-img`}
      {...cardImageProps(photo.ready, placeholder, () => ({
        src: sizedImageUrl(photo.photoUrl, 'thumb'),
        srcSet: imageSrcSet(photo.photoUrl),
      }))}
      // The width it is drawn at, so the browser picks the size that fits; the layout's own
      // guess leaves out the lower height of a lone row.
      sizes={`${Math.ceil(Math.min(width, (SINGLE_ROW_MAX_HEIGHT * width) / height))}px`}
      width={size.width}
      height={size.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      alt={layout.alt}
    />
  );
}

/** The text a tile's picture is described by, for those who cannot see it. */
export function photoAlt(photo: Photo, extra = ''): string {
  return `Photo by ${photo.createdBy || 'unknown'}${extra}`;
}

interface PhotoGridProps {
  photos: readonly Photo[];
  /** The picture's description (its alt text). */
  alt: (photo: Photo) => string;
  /** The link the picture is: it gets the picture (`image`) as its content. */
  link: (photo: Photo, image: ReactElement) => ReactElement;
  /** What lies over the picture: its creator's name and actions. */
  chrome: (photo: Photo) => ReactNode;
}

/**
 * An album's photos as a photo app shows them: justified rows (react-photo-album, decision 0045),
 * each tile the picture itself, its name and actions over it. A list, one item per photo.
 */
export function PhotoGrid({ photos, alt, link, chrome }: PhotoGridProps) {
  // Laid out again only when the photos change, not each time the page renders (the viewer opens).
  const items = useMemo<GridItem[]>(
    () =>
      photos.map((photo) => ({
        key: photo.id,
        src: photo.photoUrl,
        // Photos of unknown size are laid out 4:3, as their placeholder box.
        width: photo.width || 4,
        height: photo.height || 3,
        alt: alt(photo),
        photo,
      })),
    [photos, alt],
  );
  return (
    <RowsPhotoAlbum
      photos={items}
      targetRowHeight={rowHeight}
      spacing={(width) => (width < 560 ? 2 : 4)}
      rowConstraints={{ singleRowMaxHeight: SINGLE_ROW_MAX_HEIGHT }}
      componentsProps={{
        container: { role: 'list', 'aria-label': 'Photos', className: 'app-photo-grid' },
      }}
      render={{
        wrapper: ({ className, ...props }) => (
          <div {...props} role="listitem" className={`${className ?? ''} app-tile`} />
        ),
        image: (props, { photo, index, width, height }) =>
          link(
            photo.photo,
            <TileImage
              photo={photo.photo}
              index={index}
              layout={props}
              width={width}
              height={height}
            />,
          ),
        extras: (_, { photo }) => chrome(photo.photo),
      }}
    />
  );
}

/** The shapes of the grey tiles that stand for photos still on their way: a mix, as albums have. */
const SKELETON_RATIOS = [1.33, 0.75, 1.78, 1, 1.5, 0.67, 1.33, 1, 0.75, 1.78, 1.5, 1, 1.33, 0.75];

/** Grey tiles in the grid's shape while an album's photos load; says so to screen readers. */
export function PhotoGridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="app-grid-skeleton">
      <span className="visually-hidden">{label}</span>
      {SKELETON_RATIOS.map((ratio, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="app-grid-skeleton-tile"
          style={{ '--app-ratio': ratio } as CSSProperties}
        />
      ))}
    </div>
  );
}
