import { IMAGE_SIZES, type Photo } from '@photo/contract';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  StaticPhotoAlbum,
  computeRowsLayout,
  type LayoutModel,
  type Render,
  type RenderImageProps,
} from 'react-photo-album';
import 'react-photo-album/rows.css';
import '../../../shared/styles/gallery.css';
import { imageSrcSet, scaledSize, sizedImageUrl } from '../../../shared/lib/image-url';
import { firstScreenTiles, rowHeight } from '../../../shared/lib/grid-tiles';
import { cardImageProps, placeholderColour, usePlaceholder } from '../../../shared/lib/placeholder';
import { usePlace } from '../../../shared/lib/use-place';
import { DRAWN_WIDTH_ATTRIBUTE, drawnGridWidth, rememberGridWidth } from '../lib/drawn-grid-width';
import { useHydrating } from '../../../shared/lib/use-hydrating';
import { isThumbShown, mediaNameWith } from '../../../shared/lib/media';
import { MediaBadge } from '../../../shared/ui/media-badge';
import { FavouriteHeart } from '../../marks/components/favourite-heart';
import { t, useT } from '../../../i18n/i18n';

/** A photo as the layout sees it: its shape, and the photo itself. */
interface GridItem {
  key: string;
  alt: string;
  src: string;
  width: number;
  height: number;
  photo: Photo;
}

/** A row alone (an album of a few photos) is no taller than this, rather than the screen's width. */
const SINGLE_ROW_MAX_HEIGHT = 320;

interface TileImageProps {
  photo: Photo;
  /** Whether the tile is of the first screen: its picture is loaded at once, not when near. */
  eager: boolean;
  /** Whether it leads the first screen: its picture is asked for before the page's other files. */
  leading?: boolean;
  /** The layout's props for the picture (its class and alt text). */
  layout: RenderImageProps;
  /** The tile's width and height as laid out, before a lone row is kept low. */
  width: number;
  height: number;
  /** The width it is drawn at, when the layout did not measure it (a grid the server drew). */
  sizes?: string;
}

function TileImage({ photo, eager, leading, layout, width, height, sizes }: TileImageProps) {
  const [loaded, setLoaded] = useState(false);
  // The thumbnail shows once it is made; the larger sizes are offered once every size is.
  const shown = isThumbShown(photo);
  const waiting = !(loaded && shown);
  // Until the picture is in, its average colour (read off the hash, next to free), then its blurred
  // placeholder, decoded once the page is idle: the first screen is drawn without decoding any.
  const placeholder = usePlaceholder(waiting ? photo.placeholder : null, true);
  const size = scaledSize(photo.width, photo.height, IMAGE_SIZES.thumb) ?? {
    width: 600,
    height: 450,
  };
  const { style, ...image } = cardImageProps(shown, placeholder, () => ({
    src: sizedImageUrl(photo.photoUrl, 'thumb'),
    srcSet: photo.ready ? imageSrcSet(photo.photoUrl) : undefined,
  }));
  return (
    <img
      key={shown ? 'shown' : 'pending'}
      className={`${layout.className ?? ''} app-tile-img`}
      {...image}
      style={
        waiting ? { backgroundColor: placeholderColour(photo.placeholder), ...style } : undefined
      }
      // Once the picture is in, its placeholder goes, so it never shows through transparent parts.
      onLoad={shown ? () => setLoaded(true) : undefined}
      // The width it is drawn at, so the browser picks the size that fits; the layout's own
      // guess leaves out the lower height of a lone row.
      sizes={sizes ?? `${Math.ceil(Math.min(width, (SINGLE_ROW_MAX_HEIGHT * width) / height))}px`}
      width={size.width}
      height={size.height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={leading ? 'high' : undefined}
      decoding="async"
      alt={layout.alt}
    />
  );
}

/**
 * The text a tile's picture is described by, for those who cannot see it: what it is ("Photo",
 * "Live Photo", "Video, 42 seconds") and who added it.
 */
export function photoAlt(photo: Photo, extra = ''): string {
  const by = t('albums.by', { name: photo.createdBy || t('albums.tile.unknown') });
  return `${mediaNameWith(photo, by)}${extra}`;
}

interface PhotoGridProps {
  photos: readonly Photo[];
  /** The picture's description (its alt text). */
  alt: (photo: Photo) => string;
  /** The link the picture is: it gets the picture (`image`) as its content. */
  link: (photo: Photo, image: ReactElement) => ReactElement;
  /** What lies over the picture: its creator's name and actions. */
  chrome: (photo: Photo) => ReactNode;
  /**
   * The photo the viewer shows, if it is open: its row is kept on the screen behind the viewer,
   * so that closing the viewer finds its tile there, as far as the viewer went.
   */
  current?: string;
  /** How many photos the album holds, read or not yet (its tiles say their place among them). */
  total?: number;
}

/** The rows' height of a server-drawn grid, whose width is not known (gallery.css has it too). */
const FIRST_SCREEN_ROW_HEIGHT = 180;

/**
 * A server-drawn tile's width on each screen, as gallery.css lays its rows out (about 118, 160
 * and 200 px high), so the browser picks the thumbnail on a phone as the measured grid does.
 */
const firstScreenSizes = (ratio: number) =>
  `(max-width: 575.98px) ${Math.ceil(ratio * 118)}px, ` +
  `(max-width: 899.98px) ${Math.ceil(ratio * 160)}px, ${Math.ceil(ratio * 200)}px`;

/** Rows drawn beyond each edge of the screen, so a quick scroll finds them there. */
const OVERSCAN_ROWS = 4;

type Row = LayoutModel<GridItem>['tracks'][number];

/**
 * A layout without its rows: what a row needs of it. A row drawn once keeps its props until it
 * is drawn again, so it must not hold the whole layout: a long album lays out again with each
 * page, and every row on the page would keep a layout of thousands of tiles alive.
 */
type RowFrame = Omit<LayoutModel<GridItem>, 'tracks'>;

const frameOf = ({
  spacing,
  padding,
  containerWidth,
  variables,
  horizontal,
}: RowFrame): RowFrame => ({
  spacing,
  padding,
  containerWidth,
  variables,
  horizontal,
});

interface GridRowProps {
  row: Row;
  frame: RowFrame;
  render: Render<GridItem>;
}

/** Two layouts of a row draw the same tiles: the same photos at the same sizes. */
function sameRow(a: GridRowProps, b: GridRowProps): boolean {
  return (
    a.frame.containerWidth === b.frame.containerWidth &&
    a.frame.spacing === b.frame.spacing &&
    a.render === b.render &&
    a.row.photos.length === b.row.photos.length &&
    a.row.photos.every((tile, i) => {
      const other = b.row.photos[i]!;
      return tile.photo === other.photo && tile.index === other.index && tile.width === other.width;
    })
  );
}

/**
 * One row of tiles. Drawn again only when its photos or their sizes change: scrolling moves the
 * rows, and the next page of the album lays out again only the rows it changes.
 */
const GridRow = memo(function GridRow({ row, frame, render }: GridRowProps) {
  return (
    <StaticPhotoAlbum
      layout="rows"
      model={{ ...frame, tracks: [row] }}
      componentsProps={NO_GROUP}
      render={render}
    />
  );
}, sameRow);

/** Each row's own container is not a group of its own: the tiles are items of the grid's list. */
const NO_GROUP = { container: { role: 'none', 'aria-label': undefined } };

const NO_PHOTOS: readonly Photo[] = [];

/** A photo as the layout sees it, made once per photo (answer) and reused while it is the same. */
const gridItems = new WeakMap<Photo, GridItem>();

/** The layout's items of `photos`, each made once per photo (answer) and reused while it is the same. */
function toGridItems(photos: readonly Photo[], alt: (photo: Photo) => string): GridItem[] {
  return photos.map((photo) => {
    let item = gridItems.get(photo);
    if (!item || item.alt !== alt(photo)) {
      item = {
        key: photo.id,
        src: photo.photoUrl,
        // Photos of unknown size are laid out 4:3, as their placeholder box.
        width: photo.width || 4,
        height: photo.height || 3,
        alt: alt(photo),
        photo,
      };
      gridItems.set(photo, item);
    }
    return item;
  });
}

/** The space between tiles in a grid this wide: less on a phone. */
const spacingAt = (width: number | undefined) => (width !== undefined && width < 560 ? 2 : 4);

/**
 * How wide the grid of `items` may be: an album of a few photos is one row, no taller than
 * SINGLE_ROW_MAX_HEIGHT, so the grid is then no wider than those photos at that height.
 */
function widestGrid(items: readonly GridItem[], spacing: number): number {
  return Math.floor(
    items.reduce(
      (sum, { width, height }) => sum + (width / height) * SINGLE_ROW_MAX_HEIGHT,
      spacing * (items.length - 1),
    ),
  );
}

/** Where each row starts, from the grid's top: the rows' heights as laid out, and the spacing. */
function rowStarts(rows: readonly Row[], spacing: number): number[] {
  const list = [0];
  for (const row of rows) list.push(list.at(-1)! + (row.photos[0]?.height ?? 0) + spacing);
  return list;
}

/**
 * The rows of `items` in a grid the page gives `available` pixels, as the measured grid lays them
 * out (its width kept within widestGrid), with the grid's width limit and height.
 */
function layoutAt(items: readonly GridItem[], available: number) {
  const fit = (spacing: number) => Math.min(available, widestGrid(items, spacing));
  const width = fit(spacingAt(fit(spacingAt(available))));
  const spacing = spacingAt(width);
  const model = computeRowsLayout([...items], spacing, 0, width, rowHeight(width));
  if (!model) return null;
  const starts = rowStarts(model.tracks, spacing);
  const height = starts.at(-1)! - (model.tracks.length > 0 ? spacing : 0);
  return { model, starts, height, maxWidth: widestGrid(items, spacing) };
}

/** How the grid draws each tile: a list item saying its place, the picture, what lies over it. */
function tileRender({
  count,
  link,
  chrome,
  eager,
}: Pick<PhotoGridProps, 'link' | 'chrome'> & {
  count: number;
  eager: (index: number) => boolean;
}): Render<GridItem> {
  return {
    wrapper: ({ className, ...props }, { index }) => (
      <div
        {...props}
        role="listitem"
        aria-posinset={index + 1}
        aria-setsize={count}
        className={`${className ?? ''} app-tile`}
      />
    ),
    image: (props, { photo, index, width, height }) =>
      link(
        photo.photo,
        <TileImage
          photo={photo.photo}
          eager={eager(index)}
          leading={index < FIRST_SCREEN_LEADING}
          layout={props}
          width={width}
          height={height}
        />,
      ),
    extras: (_, { photo }) => (
      <>
        <MediaBadge photo={photo.photo} />
        {chrome(photo.photo)}
        {photo.photo.favourite !== undefined && (
          <FavouriteHeart
            photoId={photo.photo.id}
            favourite={photo.photo.favourite}
            variant="corner"
          />
        )}
      </>
    ),
  };
}

/**
 * An album's photos as a photo app shows them: justified rows (react-photo-album, decision 0045),
 * each tile the picture itself, its name and actions over it. A list, one item per photo.
 *
 * The whole album is laid out at once, but only the rows near the screen are in the page
 * (@tanstack/react-virtual, decision 0050): an album of thousands of photos scrolls as lightly as
 * one of twenty, and the page keeps its full height, so Back returns to the same place.
 */
export function PhotoGrid({ photos, alt, link, chrome, current, total = 0 }: PhotoGridProps) {
  const translate = useT();
  const [measure, { width: measuredWidth, top }] = usePlace();
  // The first screen's tiles, as the page's early script counted them when it started their pictures.
  const [eagerTiles] = useState(() =>
    typeof window === 'undefined' ? 0 : firstScreenTiles(window.innerWidth, window.innerHeight),
  );
  const hydrating = useHydrating();
  const [drawnByServer] = useState(hydrating);
  // The tiles are drawn in a render React may pause for input and the page's other work, not in
  // one long task (a first screen of tiles, a new page of photos): until the first is done, the
  // grid's grey tiles stand in.
  const shown = useDeferredValue(photos, NO_PHOTOS);
  const items = useMemo(() => toGridItems(shown, alt), [shown, alt]);
  const spacing = spacingAt(measuredWidth);
  const maxWidth = useMemo(() => widestGrid(items, spacing), [items, spacing]);
  const model = useMemo(
    () =>
      measuredWidth
        ? computeRowsLayout(items, spacing, 0, measuredWidth, rowHeight(measuredWidth))
        : undefined,
    [items, spacing, measuredWidth],
  );
  const rows = useMemo(() => model?.tracks ?? [], [model]);
  const frame = useMemo(() => model && frameOf(model), [model]);
  const starts = useMemo(() => rowStarts(rows, spacing), [rows, spacing]);
  // As wide as the page lets it (not a row of a few photos): kept for the server's next page.
  useEffect(() => {
    if (measuredWidth && measuredWidth < maxWidth) rememberGridWidth(measuredWidth);
  }, [measuredWidth, maxWidth]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => starts[index + 1]! - starts[index]!,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
    getItemKey: (index) => rows[index]?.photos[0]?.photo.key ?? index,
  });
  const currentRow = useMemo(
    () =>
      current === undefined
        ? -1
        : rows.findIndex((row) => row.photos.some((tile) => tile.photo.key === current)),
    [rows, current],
  );
  useEffect(() => {
    if (currentRow >= 0) virtualizer.scrollToIndex(currentRow, { align: 'auto' });
  }, [currentRow, virtualizer]);
  const count = Math.max(total, items.length);
  const render = useMemo(
    () => tileRender({ count, link, chrome, eager: (index) => index < eagerTiles }),
    [count, link, chrome, eagerTiles],
  );

  const firstScreen =
    photos.length > 0 && (hydrating || (drawnByServer && (!model || shown.length === 0)));
  const keepFocus = useFocusKept(firstScreen);
  const tiles = { photos, alt, link, chrome, count: Math.max(total, photos.length) };
  if (firstScreen) return <FirstScreenGrid measure={measure} onLeave={keepFocus} {...tiles} />;
  const waiting = shown.length === 0 && photos.length > 0;
  return (
    <>
      {waiting && <PhotoGridSkeleton label={translate('albums.photos.loading')} />}
      <div
        ref={measure}
        role="list"
        aria-label={translate('albums.grid')}
        className="app-photo-grid"
        style={{
          maxWidth: items.length > 0 ? maxWidth : undefined,
          height: starts.at(-1)! - (rows.length > 0 ? spacing : 0),
        }}
      >
        {frame &&
          virtualizer.getVirtualItems().map((row) => (
            <div
              key={row.key}
              role="none"
              className="app-photo-row"
              style={{ transform: `translateY(${starts[row.index]}px)` }}
            >
              <GridRow row={rows[row.index]!} frame={frame} render={render} />
            </div>
          ))}
      </div>
    </>
  );
}

/** The tiles a server-drawn grid holds, the rest coming with the browser's own layout. */
const FIRST_SCREEN_MAX = 60;
/** The first tiles' pictures are loaded at once; the others when they come near. */
const FIRST_SCREEN_EAGER = 8;
/** The first screen's leading pictures (a phone's first row), one of which is its largest paint. */
const FIRST_SCREEN_LEADING = 3;

type FirstScreenGridProps = Pick<PhotoGridProps, 'photos' | 'alt' | 'link' | 'chrome'> & {
  count: number;
  /** Measures the grid, for its own layout to follow. */
  measure: (element: HTMLElement | null) => void;
  /** Told, as the grid leaves, which control of which tile had the focus. */
  onLeave: (focus: TileFocus | null) => void;
};

/** A control of a tile: the tile's place in the list, and the control's among the tile's. */
interface TileFocus {
  position: string;
  control: number;
}

const FOCUSABLE = 'a[href], button, [tabindex]:not([tabindex="-1"])';

/** Which control of which tile of `grid` has the focus, if any. */
function tileFocus(grid: HTMLElement | null): TileFocus | null {
  const active = document.activeElement;
  const tile = active?.closest<HTMLElement>('[role="listitem"]');
  if (!grid || !active || !tile || !grid.contains(tile)) return null;
  const position = tile.getAttribute('aria-posinset') ?? '';
  return { position, control: [...tile.querySelectorAll(FOCUSABLE)].indexOf(active) };
}

/**
 * What had the focus in the server's grid, given back to the same control of the same tile once
 * the grid's own layout has replaced it: the answer is the server grid's `onLeave`.
 */
function useFocusKept(firstScreen: boolean): (focus: TileFocus | null) => void {
  const kept = useRef<TileFocus | null>(null);
  useEffect(() => {
    const focus = kept.current;
    if (firstScreen || !focus) return;
    kept.current = null;
    focusTile(focus);
  }, [firstScreen]);
  return useCallback((focus) => {
    kept.current = focus;
  }, []);
}

/** Gives the focus back to that control of the album grid's tile at that place. */
function focusTile({ position, control }: TileFocus): void {
  const tile = document.querySelector(
    `.app-photo-grid [role="listitem"][aria-posinset="${CSS.escape(position)}"]`,
  );
  tile?.querySelectorAll<HTMLElement>(FOCUSABLE)[control]?.focus();
}

/**
 * The grid as the server draws it, and the browser hydrates it, before anything is measured (the
 * first page's tiles), kept until the grid's own layout has tiles to draw (no grey tiles between):
 * justified rows made by CSS alone (each tile grows with its shape), the pictures in <img> tags
 * with their srcset, so the browser asks for them from the HTML. Once hydrated, the grid lays
 * itself out as always.
 */
function FirstScreenGrid({
  photos,
  count,
  alt,
  link,
  chrome,
  measure,
  onLeave,
}: FirstScreenGridProps) {
  const label = useT()('albums.grid');
  const grid = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = grid.current;
    return () => onLeave(tileFocus(element));
  }, [onLeave]);
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      grid.current = element;
      measure(element);
    },
    [measure],
  );
  // The grid's width the browser keeps, when the page has it: the rows the measured grid will
  // lay out, so nothing moves as it takes over.
  const [available] = useState(drawnGridWidth);
  const laidOut = useMemo(
    () =>
      available === null
        ? null
        : layoutAt(toGridItems(photos.slice(0, FIRST_SCREEN_MAX), alt), available),
    [available, photos, alt],
  );
  const render = useMemo(
    () => tileRender({ count, link, chrome, eager: (index) => index < FIRST_SCREEN_EAGER }),
    [count, link, chrome],
  );
  if (laidOut) {
    const { model, starts, height, maxWidth } = laidOut;
    const frame = frameOf(model);
    return (
      <div
        ref={ref}
        role="list"
        aria-label={label}
        className="app-photo-grid"
        style={{ maxWidth, height }}
        {...{ [DRAWN_WIDTH_ATTRIBUTE]: available }}
      >
        {model.tracks.map((row, index) => (
          <div
            key={row.photos[0]?.photo.key ?? index}
            role="none"
            className="app-photo-row"
            style={{ transform: `translateY(${starts[index]}px)` }}
          >
            <GridRow row={row} frame={frame} render={render} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div ref={ref} role="list" aria-label={label} className="app-photo-grid app-photo-grid-first">
      {photos.slice(0, FIRST_SCREEN_MAX).map((photo, index) => {
        const width = photo.width || 4;
        const height = photo.height || 3;
        return (
          <div
            key={photo.id}
            role="listitem"
            aria-posinset={index + 1}
            aria-setsize={count}
            className="app-tile app-tile-first"
            style={{ '--app-ratio': width / height } as CSSProperties}
          >
            {link(
              photo,
              <TileImage
                photo={photo}
                eager={index < FIRST_SCREEN_EAGER}
                leading={index < FIRST_SCREEN_LEADING}
                layout={{ alt: alt(photo), className: 'app-tile-first-img' } as RenderImageProps}
                width={Math.round((width / height) * FIRST_SCREEN_ROW_HEIGHT)}
                height={FIRST_SCREEN_ROW_HEIGHT}
                sizes={firstScreenSizes(width / height)}
              />,
            )}
            <MediaBadge photo={photo} />
            {chrome(photo)}
            {photo.favourite !== undefined && (
              <FavouriteHeart photoId={photo.id} favourite={photo.favourite} variant="corner" />
            )}
          </div>
        );
      })}
    </div>
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
