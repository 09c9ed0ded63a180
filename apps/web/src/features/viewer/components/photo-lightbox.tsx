import { IMAGE_SIZES, type ImageSize, type Photo } from '@photo/contract';
import {
  Fragment,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import Lightbox, {
  IconButton,
  createIcon,
  stopNavigationEventsPropagation,
  type Slide,
} from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Slideshow from 'yet-another-react-lightbox/plugins/slideshow';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import './photo-lightbox.css';
import { paths } from '../../../shared/config/paths';
import { formatDateTaken } from '../../../shared/lib/format-date';
import {
  downloadUrl,
  imageSrcSet,
  playbackUrl,
  sizedImageUrl,
  videoDownloadUrl,
} from '../../../shared/lib/image-url';
import {
  formatDuration,
  hasPlayableMotion,
  isPlayableVideo,
  kindWord,
} from '../../../shared/lib/media';
import { LivePhoto } from '../../../shared/ui/live-photo';
import { VideoPoster } from '../../../shared/ui/video-notice';
import type { RotateDirection } from '../../../shared/api/rotate-photo';
import { MIRRORED, ROTATE_LEFT_PATH } from '../../../shared/components/rotate-icon';
import { useT } from '../../../i18n/i18n';
import { ViewerDelete, type ViewerDeletion } from './viewer-delete';

/** The current language's `t`, as a component reads it (slides are made again when it changes). */
type Translate = ReturnType<typeof useT>;

declare module 'yet-another-react-lightbox' {
  interface Labels {
    'Rotate left'?: string;
    'Rotate right'?: string;
    Play?: string;
    Pause?: string;
    Info?: string;
    Comments?: string;
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
const InfoIcon = createIcon(
  'Info',
  <path d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z" />,
);
const CommentsIcon = createIcon(
  'Comments',
  <path d="M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zm0 14H6l-2 2V4h16zM7 7h10v2H7zm0 4h7v2H7z" />,
);
const DownloadIcon = createIcon('Download', <path d="M19 9h-4V3H9v6H5l7 7 7-7zM5 18v2h14v-2z" />);

/** The size a derived image has: the long edge at most `edge`, never enlarged. */
function derivedSize(photo: Photo, edge: number): { width: number; height: number } | undefined {
  if (!photo.width || !photo.height) return undefined;
  const scale = Math.min(1, edge / Math.max(photo.width, photo.height));
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
}

/** The picture's description in the viewer: what it is, who added it and when it was taken. */
function slideAlt(photo: Photo, t: Translate): string {
  const taken = photo.dateTaken
    ? t('viewer.alt.taken', { date: formatDateTaken(photo.dateTakenClock ?? photo.dateTaken) })
    : '';
  return `${slideTitle(photo, t)}${taken}`;
}

/** "Photo by Ann": what the item is and who added it. */
function slideTitle(photo: Photo, t: Translate): string {
  const kind = kindWord(photo);
  return photo.createdBy ? t('viewer.by', { kind, name: photo.createdBy }) : kind;
}

function toSlide(
  photo: Photo,
  index: number,
  place: ViewerPlace,
  pageLink: boolean,
  t: Translate,
): Slide {
  const by = slideTitle(photo, t);
  const preview = derivedSize(photo, IMAGE_SIZES.preview);
  const srcSet = (Object.keys(IMAGE_SIZES) as ImageSize[]).flatMap((size) => {
    const dimensions = derivedSize(photo, IMAGE_SIZES[size]);
    return dimensions ? [{ src: sizedImageUrl(photo.photoUrl, size), ...dimensions }] : [];
  });
  const caption = {
    title: by,
    description: (
      <span className="app-lightbox-facts">
        {t('viewer.position', { index: place.of(index) + 1, count: place.count })}
        {photo.kind === 'video' && photo.video && (
          <>
            {' · '}
            {formatDuration(photo.video.durationMs)}
          </>
        )}
        {photo.dateTaken && (
          <>
            {' · '}
            {t('viewer.taken')}{' '}
            <time dateTime={photo.dateTaken}>
              {formatDateTaken(photo.dateTakenClock ?? photo.dateTaken)}
            </time>
          </>
        )}
        {pageLink && (
          <>
            {' · '}
            <Link to={paths.photo(photo.id)} className="app-lightbox-link">
              {t('viewer.page')}
            </Link>
          </>
        )}
      </span>
    ),
  };
  if (isPlayableVideo(photo)) {
    // Played from the photo's address with size=video, its poster (the preview) shown until then.
    // The source names no type: the server answers the browser-safe copy or an original that is
    // one already (an MP4 or a WebM), and the browser reads which from the bytes.
    return {
      type: 'video',
      poster: sizedImageUrl(photo.photoUrl, 'preview'),
      ...(photo.width && photo.height ? { width: photo.width, height: photo.height } : {}),
      sources: [{ src: playbackUrl(photo.photoUrl) } as { src: string; type: string }],
      preload: 'metadata',
      ...caption,
    };
  }
  return {
    src: sizedImageUrl(photo.photoUrl, 'preview'),
    ...(preview ?? {}),
    ...(srcSet.length > 0 ? { srcSet } : {}),
    alt: slideAlt(photo, t),
    ...caption,
  };
}

/** The box a picture of `photo`'s shape is drawn in, within `rect`, never past its own pixels. */
function fittedBox(photo: Photo, rect: { width: number; height: number }) {
  const width = photo.width || 4;
  const height = photo.height || 3;
  const own = photo.width && photo.height ? 1 : Infinity;
  const scale = Math.min(own, rect.width / width, rect.height / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * A slide that is more than its picture: a video that cannot play yet (its poster, and why), or a
 * Live Photo (its still, its motion played over it). Other slides are the viewer's own.
 */
function MediaSlide({ photo, rect }: { photo: Photo; rect: { width: number; height: number } }) {
  const t = useT();
  const box = fittedBox(photo, rect);
  const still = (
    <img
      src={sizedImageUrl(photo.photoUrl, 'preview')}
      srcSet={imageSrcSet(photo.photoUrl)}
      sizes={`${box.width}px`}
      alt={slideAlt(photo, t)}
      width={box.width}
      height={box.height}
      className="app-viewer-still"
      draggable={false}
    />
  );
  if (photo.kind === 'video') {
    return (
      <VideoPoster photo={photo} style={box}>
        {still}
      </VideoPoster>
    );
  }
  return (
    <LivePhoto motionUrl={playbackUrl(photo.photoUrl)} style={box}>
      {still}
    </LivePhoto>
  );
}

/**
 * The controls of one photo (favourite, archive, delete, download…) are made anew with each photo.
 * When one of them had the focus, stepping to another photo left the focus on the page's body,
 * outside the viewer, whose keys then did nothing: it goes back to the viewer instead.
 */
function useFocusKeptOnStep(photoId: string | undefined) {
  useEffect(() => {
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    document.querySelector<HTMLElement>('.yarl__portal .yarl__container')?.focus();
  }, [photoId]);
}

/** Whether a photo's slide is a MediaSlide. */
const needsMediaSlide = (photo: Photo) =>
  (photo.kind === 'video' && !isPlayableVideo(photo)) || hasPlayableMotion(photo);

/**
 * "Download the original": a link; a Live Photo has two originals, its still and its motion, and
 * the button opens a short menu of both ("Download photo", "Download video").
 */
function DownloadControl({ photo }: { photo: Photo }) {
  const [open, setOpen] = useState(false);
  const translate = useT();
  if (photo.kind !== 'livePhoto') {
    const video = photo.kind === 'video';
    const label = translate(video ? 'viewer.download.video' : 'viewer.download.original');
    return (
      <a
        className="yarl__button"
        href={video ? videoDownloadUrl(photo.photoUrl) : downloadUrl(photo.photoUrl)}
        download
        title={label}
      >
        <DownloadIcon />
        <span className="visually-hidden">{label}</span>
      </a>
    );
  }
  return (
    <div
      className="app-viewer-download"
      onKeyDown={(event) => {
        // Escape closes the menu, not the viewer.
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className="yarl__button"
        aria-expanded={open}
        aria-controls={open ? 'photo-viewer-downloads' : undefined}
        title={translate('viewer.download')}
        onClick={() => setOpen((was) => !was)}
      >
        <DownloadIcon />
        <span className="visually-hidden">{translate('viewer.download')}</span>
      </button>
      {open && (
        <ul id="photo-viewer-downloads" className="app-viewer-downloads bg-body text-body">
          <li>
            <a href={downloadUrl(photo.photoUrl)} download onClick={() => setOpen(false)}>
              {translate('viewer.download.photo')}
            </a>
          </li>
          <li>
            <a href={videoDownloadUrl(photo.photoUrl)} download onClick={() => setOpen(false)}>
              {translate('viewer.download.video')}
            </a>
          </li>
        </ul>
      )}
    </div>
  );
}

/** Space plays or pauses the video shown, wherever the focus is in the viewer but on a control. */
function useSpacePlaysVideo(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== ' ' || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (
        target?.closest('button, a, input, textarea, select, [contenteditable], .app-viewer-panel')
      ) {
        return;
      }
      const video = document.querySelector<HTMLVideoElement>(
        '.app-lightbox .yarl__slide_current video',
      );
      if (!video) return;
      // Before the video element's own handling (when it has the focus): one toggle, not two.
      event.preventDefault();
      if (video.paused) void video.play().catch(() => undefined);
      else video.pause();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [active]);
}

type Panel = 'info' | 'comments';

const PANEL_ID = 'photo-viewer-panel';

/** Whether a key was typed into a field (a comment), where it is text, not a shortcut. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** The key I opens or closes the details, as Immich's viewer has it (not while typing). */
function useInfoKey(active: boolean, toggle: () => void) {
  const latest = useRef(toggle);
  useEffect(() => {
    latest.current = toggle;
  });
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'i' && event.key !== 'I') return;
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active]);
}

/**
 * The details or the comments of the photo shown, in the viewer's dark colours whatever the app's
 * theme: beside the photo, or a sheet at the bottom on a phone.
 */
function ViewerPanel({
  panel,
  onClose,
  children,
}: {
  panel: Panel;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useT();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys typed in the panel are the panel's: arrows move the caret, not the photos.
    event.stopPropagation();
    if (event.key === 'Escape') onClose();
  };
  return (
    <aside
      id={PANEL_ID}
      className="app-viewer-panel bg-body text-body"
      data-bs-theme="dark"
      aria-label={translate(panel === 'info' ? 'viewer.details' : 'viewer.comments')}
      {...stopNavigationEventsPropagation()}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className="btn-close app-viewer-panel-close"
        aria-label={translate(panel === 'info' ? 'viewer.details.close' : 'viewer.comments.close')}
        onClick={onClose}
      />
      {children}
    </aside>
  );
}

/** A phone's width, as the viewer's stylesheet has it (photo-lightbox.css). */
const PHONE_QUERY = '(max-width: 575.98px)';

/** What the viewer shows of the photo shown besides the picture (the app gives them). */
export interface ViewerParts {
  /** "Like" with the count, a toolbar button with the toolbar's button class. */
  like?: (photo: Photo, buttonClass: string) => ReactNode;
  /** "Save to my library", a toolbar button with the toolbar's button class (or nothing). */
  save?: (photo: Photo, buttonClass: string) => ReactNode;
  /** The person's heart (their favourite; the key F toggles it), a toolbar button. */
  favourite?: (photo: Photo, buttonClass: string) => ReactNode;
  /** "Move to locked place", a toolbar button with the toolbar's button class (or nothing). */
  lock?: (photo: Photo, buttonClass: string) => ReactNode;
  /**
   * Archive or Unarchive (the person's own photos), a toolbar button; `leave` moves the viewer
   * on, where the page stops listing an archived photo (Photos).
   */
  archive?: (photo: Photo, buttonClass: string, leave: () => void) => ReactNode;
  /** The details panel. */
  info: (photo: Photo) => ReactNode;
  /** The comments panel. */
  comments?: (photo: Photo) => ReactNode;
}

/** Where the photo at an index of `photos` stands among all the page's, and how many those are. */
export interface ViewerPlace {
  of: (index: number) => number;
  count: number;
}

export interface PhotoLightboxProps {
  photos: readonly Photo[];
  /**
   * When `photos` are some of the page's (those around the one shown): where each stands among
   * them all. By default, `photos` are all.
   */
  place?: ViewerPlace;
  /** The photo shown, as an index into `photos`. */
  index: number;
  /** Another photo is shown (arrow keys, swipe, buttons, the slideshow). */
  onView: (index: number) => void;
  onClose: () => void;
  /** "Like", the details and the comments; without them, the download and the slideshow only. */
  parts?: ViewerParts;
  /** The heart, where there are no other parts (the timeline's viewer). */
  favourite?: ViewerParts['favourite'];
  /** Archive or Unarchive, where there are no other parts (the timeline's viewer). */
  archive?: ViewerParts['archive'];
  /** Delete (to Trash, or for good), for the photos the person may delete. */
  deletion?: ViewerDeletion;
  /** The caption links to the photo's page (a share link's visitor may not open it). */
  pageLink?: boolean;
  /** Whether the toolbar offers the original's download (a view-only share link does not). */
  download?: boolean;
  /** Whether the signed-in user may rotate this photo (they added it). */
  mayRotate?: (photo: Photo) => boolean;
  /** Rotate the photo shown a quarter turn. */
  onRotate?: (photo: Photo, direction: RotateDirection) => void;
  /** A rotation is on its way: the buttons wait for it. */
  rotating?: boolean;
  /** Why the last rotation failed, said in the viewer (nowhere else). */
  rotateError?: string | null;
}

/** The viewer's own words (its buttons, its regions) in the current language. */
function viewerLabels(translate: Translate) {
  return {
    Lightbox: translate('viewer.label'),
    'Photo gallery': translate('viewer.gallery'),
    Carousel: translate('viewer.carousel'),
    Slide: translate('viewer.slide'),
    // The viewer puts the numbers in: its placeholders go through as they are.
    '{index} of {total}': translate('viewer.position', {
      index: '{index}',
      count: '{total}',
    }),
    Caption: translate('viewer.caption'),
    Previous: translate('viewer.previous'),
    Next: translate('viewer.next'),
    Close: translate('viewer.close'),
    'Zoom in': translate('viewer.zoomIn'),
    'Zoom out': translate('viewer.zoomOut'),
    'Rotate left': translate('viewer.rotateLeft'),
    'Rotate right': translate('viewer.rotateRight'),
    Play: translate('viewer.play'),
    Pause: translate('viewer.pause'),
    Info: translate('viewer.info'),
    Comments: translate('viewer.comments'),
  };
}

/**
 * The toolbar's actions on the photo shown, before its panels and views: the heart, "Like", "Save to
 * my library", Archive and Delete, those the page gives.
 */
function photoActions(
  shown: Photo,
  {
    parts,
    heart,
    archive,
    deletion,
    leave,
  }: {
    parts: ViewerParts | undefined;
    heart: ViewerParts['favourite'];
    archive: ViewerParts['archive'];
    deletion: ViewerDeletion | undefined;
    leave: (gone: Photo) => void;
  },
): ReactNode[] {
  const part = (key: string, node: ReactNode) => <Fragment key={key}>{node}</Fragment>;
  return [
    ...(heart ? [part(`favourite-${shown.id}`, heart(shown, 'yarl__button'))] : []),
    ...(parts?.like ? [part('like', parts.like(shown, 'yarl__button'))] : []),
    ...(parts?.save ? [part(`save-${shown.id}`, parts.save(shown, 'yarl__button'))] : []),
    ...(parts?.lock ? [part(`lock-${shown.id}`, parts.lock(shown, 'yarl__button'))] : []),
    ...(archive
      ? [
          part(
            `archive-${shown.id}`,
            archive(shown, 'yarl__button', () => leave(shown)),
          ),
        ]
      : []),
    ...(deletion?.may(shown)
      ? [
          <ViewerDelete
            key={`delete-${shown.id}`}
            photo={shown}
            deletion={deletion}
            buttonClass="yarl__button"
            leave={leave}
          />,
        ]
      : []),
  ];
}

/**
 * The album's photos full screen, one at a time, at preview size: arrows, swipe, pinch and wheel
 * zoom; the previous and next previews are loaded beforehand. Its toolbar: "Like" with the count,
 * the comments and the details in a side panel (a sheet at the bottom on a phone), the original's
 * download, a slideshow that stops at the last photo, zoom, and "Rotate left" and "Rotate right"
 * for the person who added the photo shown; the heart, Archive and Delete (the Delete key too) where
 * the page gives them. Loaded only when first opened.
 */
export default function PhotoLightbox({
  photos,
  place,
  index,
  onView,
  onClose,
  parts,
  favourite,
  archive,
  deletion,
  pageLink = false,
  download = true,
  mayRotate,
  onRotate,
  rotating = false,
  rotateError = null,
}: PhotoLightboxProps) {
  const translate = useT();
  const slides = useMemo(() => {
    const among = place ?? { of: (at: number) => at, count: photos.length };
    return photos.map((photo, at) => toSlide(photo, at, among, pageLink, translate));
  }, [photos, place, pageLink, translate]);
  // Which photo each slide is, for the slides drawn here rather than by the viewer.
  const photoOfSlide = useMemo(
    () => new Map<Slide, Photo>(slides.map((slide, at) => [slide, photos[at]!])),
    [slides, photos],
  );
  const shown = photos[index];
  useSpacePlaysVideo(shown !== undefined && isPlayableVideo(shown));
  useFocusKeptOnStep(shown?.id);
  const [panel, setPanel] = useState<Panel | null>(null);
  const toggles = useRef(new Map<Panel, HTMLButtonElement>());

  const closePanel = () => {
    const opener = panel && toggles.current.get(panel);
    setPanel(null);
    opener?.focus();
  };
  useInfoKey(parts !== undefined && shown !== undefined, () =>
    setPanel((open) => (open === 'info' ? null : 'info')),
  );
  const panelToggle = (which: Panel, label: 'Info' | 'Comments', icon: typeof InfoIcon) => (
    <IconButton
      key={which}
      ref={(element) => {
        if (element) toggles.current.set(which, element);
      }}
      label={label}
      icon={icon}
      {...(which === 'info' ? { 'aria-keyshortcuts': 'I' } : {})}
      aria-expanded={panel === which}
      aria-controls={panel === which ? PANEL_ID : undefined}
      className={panel === which ? 'app-viewer-active' : undefined}
      onClick={() => setPanel((open) => (open === which ? null : which))}
    />
  );

  // Read at each render (each photo shown): a phone turned sideways gets it with the next photo.
  const phone = window.matchMedia?.(PHONE_QUERY).matches ?? false;
  const heart = parts?.favourite ?? favourite;
  const archiveButton = parts?.archive ?? archive;
  // A photo deleted (or archived away): the next one is shown, or the viewer closes after the last.
  const leave = (gone: Photo) => {
    const at = photos.indexOf(gone);
    if (at >= 0 && at < photos.length - 1) onView(at + 1);
    else onClose();
  };
  const buttons = shown
    ? [
        ...photoActions(shown, { parts, heart, archive: archiveButton, deletion, leave }),
        ...(parts?.comments ? [panelToggle('comments', 'Comments', CommentsIcon)] : []),
        ...(parts ? [panelToggle('info', 'Info', InfoIcon)] : []),
        ...(download ? [<DownloadControl key={`download-${shown.id}`} photo={shown} />] : []),
        // A phone's one row keeps the photo's own actions; a slideshow is a wide screen's.
        ...(phone ? [] : ['slideshow']),
        'zoom',
        ...(onRotate && mayRotate?.(shown)
          ? (['left', 'right'] as const).map((direction) => (
              <IconButton
                key={`rotate-${direction}`}
                label={direction === 'left' ? 'Rotate left' : 'Rotate right'}
                icon={direction === 'left' ? RotateLeftIcon : RotateRightIcon}
                className={`app-viewer-rotate-${direction}`}
                // Not disabled while a turn is on its way: the focus stays on the button (and in
                // the viewer, whose keys keep working); a click then waits for nothing.
                aria-disabled={rotating}
                onClick={() => {
                  if (!rotating) onRotate(shown, direction);
                }}
              />
            ))
          : []),
        'close',
      ]
    : ['close'];

  const controls = () => (
    <>
      {rotateError && (
        <p role="alert" className="app-viewer-alert">
          {translate('viewer.rotate.failed', { error: rotateError })}
        </p>
      )}
      {panel && shown && (
        <ViewerPanel panel={panel} onClose={closePanel}>
          {panel === 'info' ? parts?.info(shown) : parts?.comments?.(shown)}
        </ViewerPanel>
      )}
    </>
  );

  return (
    <Lightbox
      open
      index={index}
      slides={slides}
      close={onClose}
      on={{ view: ({ index: next }) => onView(next) }}
      plugins={[Captions, Slideshow, Video, Zoom]}
      toolbar={{ buttons }}
      render={{
        controls,
        slide: ({ slide, rect }) => {
          const photo = photoOfSlide.get(slide);
          return photo && needsMediaSlide(photo) ? (
            <MediaSlide photo={photo} rect={rect} />
          ) : undefined;
        },
      }}
      video={{ controls: true, playsInline: true, preload: 'metadata' }}
      carousel={{ finite: true, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      captions={{ descriptionTextAlign: 'start', descriptionMaxLines: 2 }}
      zoom={{ maxZoomPixelRatio: 1, scrollToZoom: false }}
      slideshow={{ delay: 3000 }}
      labels={viewerLabels(translate)}
      className={`app-lightbox${panel ? ' app-lightbox-with-panel' : ''}`}
    />
  );
}
