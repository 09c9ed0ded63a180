import type { Photo, PhotoDetails } from '@photo/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { formatDateTime } from '../../../shared/lib/format-date';
import { formatFileSize } from '../../../shared/lib/format-size';
import { downloadUrl, videoDownloadUrl } from '../../../shared/lib/image-url';
import { currentLocale, useRichT, useT } from '../../../i18n/i18n';
import { cameraName, exposureParts, formatMegapixels, formatTaken } from '../lib/capture-facts';
import { InfoIcon } from './info-icon';

interface PhotoFactsProps {
  photo: Photo;
  /** A line with how many people like it (where no Like button says so). */
  showLikes?: boolean;
  /** Said under the facts (the photo viewer's "Sign in to comment"). */
  footer?: ReactNode;
  /** The albums are named, not linked (a share link's visitor opens no album page). */
  albumsUnlinked?: boolean;
}

/** One fact: its icon, a label for screen readers, its first line and the lines under it. */
function Fact({
  icon,
  label,
  children,
}: {
  icon: Parameters<typeof InfoIcon>[0]['name'];
  label?: string;
  children: ReactNode;
}) {
  return (
    <li className="d-flex gap-3 app-fact">
      <InfoIcon name={icon} />
      <div className="app-min-w-0">
        {label && <span className="visually-hidden">{label} </span>}
        {children}
      </div>
    </li>
  );
}

/** A line under a fact's first one, in the secondary colour. */
const Line = ({ children }: { children: ReactNode }) => (
  <span className="d-block small text-body-secondary">{children}</span>
);

/** Parts of a line, "·" between them; nothing when there are none. */
function joined(parts: readonly (string | null)[]): string | null {
  const present = parts.filter((part): part is string => Boolean(part));
  return present.length > 0 ? present.join(' · ') : null;
}

/** When it was taken: the date, then the time with its time zone when the file gives it. */
function TakenFact({ photo, details }: { photo: Photo; details: PhotoDetails | undefined }) {
  const t = useT();
  if (!photo.dateTaken) return null;
  const taken = formatTaken(photo.dateTaken, details?.takenOffsetMinutes ?? null);
  if (!taken) return null;
  return (
    <Fact icon="calendar" label={t('photos.info.taken')}>
      <time dateTime={photo.dateTaken}>
        <span className="d-block">{taken.date}</span>
        <Line>{joined([taken.time, taken.zone])}</Line>
      </time>
    </Fact>
  );
}

/** With what: the camera, its lens, and the exposure ("ƒ/1.8 · 1/250 s · 50 mm · ISO 400"). */
function CameraFact({ photo, details }: { photo: Photo; details: PhotoDetails | undefined }) {
  const t = useT();
  const camera = cameraName(photo);
  const exposure = details ? joined(exposureParts(details)) : null;
  const lens = details?.lens ?? null;
  if (!camera && !lens && !exposure) return null;
  return (
    <Fact icon="camera" label={t('photos.info.camera')}>
      {camera && <div className="text-break">{camera}</div>}
      {lens && <Line>{lens}</Line>}
      {exposure && <Line>{exposure}</Line>}
    </Fact>
  );
}

/** The country's name in the reader's language, from its ISO code (Intl). */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Where it was taken, to whoever may see it (decision 0081): the town and country named from
 * its location (decision 0105), and the coordinates.
 */
function PlaceFact({ photo }: { photo: Photo }) {
  const t = useT();
  const location = photo.location;
  if (!location) return null;
  const name = joined([
    location.city ?? null,
    location.country ? countryName(location.country) : null,
  ]);
  const coordinates = `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`;
  return (
    <Fact icon="place" label={t('photos.info.place')}>
      <div className="text-break">{name ?? coordinates}</div>
      {name && <Line>{coordinates}</Line>}
    </Fact>
  );
}

/** The file: its name, pixels and bytes, and (on the photo page) its original. */
function FileFact({ photo, details }: { photo: Photo; details: PhotoDetails | undefined }) {
  const t = useT();
  const size =
    photo.width && photo.height
      ? t('photos.details.size', { width: String(photo.width), height: String(photo.height) })
      : null;
  const name = details?.fileName ?? null;
  const facts = joined([formatMegapixels(photo), size, formatFileSize(photo.fileSize)]);
  return (
    <Fact icon="image" label={t('photos.info.file')}>
      {name ? <div className="text-break">{name}</div> : <div>{facts}</div>}
      {name && <Line>{facts}</Line>}
    </Fact>
  );
}

/** The albums showing it that the reader may see: links to them, or their names only. */
function AlbumsFact({ albums, linked }: { albums: PhotoDetails['albums']; linked: boolean }) {
  const t = useT();
  if (albums.length === 0) return null;
  return (
    <Fact icon="album">
      <div className="small text-body-secondary">
        {t('photos.info.albums', { count: albums.length })}
      </div>
      <ul className="list-unstyled mb-0">
        {albums.map((album) => (
          <li key={album.id} className="text-break">
            {linked ? <Link to={paths.album(album.id)}>{album.name}</Link> : album.name}
          </li>
        ))}
      </ul>
    </Fact>
  );
}

/**
 * "Details": when the photo was taken (date, time, time zone), the file (name, pixels, bytes),
 * the camera, lens and exposure, who added it and when, and the albums it is in. What the photo's
 * file does not say is left out. The details of the answer about this photo (`photo.details`) add
 * the time zone, file name, lens, exposure and albums; a list's copy of the photo has the rest.
 */
export function PhotoFacts({
  photo,
  showLikes = false,
  footer,
  albumsUnlinked = false,
}: PhotoFactsProps) {
  const t = useT();
  const rich = useRichT();
  const details = photo.details;
  const added = (
    <time key="date" dateTime={photo.dateCreated}>
      {formatDateTime(photo.dateCreated)}
    </time>
  );
  return (
    <section aria-labelledby="photo-info-heading" className="mb-4 app-photo-info">
      <h2 id="photo-info-heading" className="h6 text-body-secondary mb-3">
        {t('photos.details')}
      </h2>
      <ul className="list-unstyled mb-0 d-grid gap-3">
        <TakenFact photo={photo} details={details} />
        <FileFact photo={photo} details={details} />
        <CameraFact photo={photo} details={details} />
        <PlaceFact photo={photo} />
        <Fact icon="person">
          {photo.createdBy
            ? rich('photos.details.addedBy', { name: photo.createdBy, date: added })
            : added}
        </Fact>
        {details && <AlbumsFact albums={details.albums} linked={!albumsUnlinked} />}
        {showLikes && <Fact icon="heart">{t('photos.likes', { count: photo.likeCount })}</Fact>}
        <Fact icon="open">
          <a href={photo.photoUrl} target="_blank" rel="noopener">
            {t('photos.details.original')}
            <span className="visually-hidden"> {t('photos.details.newTab')}</span>
          </a>
        </Fact>
        {photo.kind !== 'photo' && (
          <Fact icon="download">
            {/* A Live Photo has two originals: its still and its motion. */}
            {photo.kind === 'livePhoto' && (
              <>
                <a href={downloadUrl(photo.photoUrl)} download>
                  {t('photos.details.downloadPhoto')}
                </a>
                {' · '}
              </>
            )}
            <a href={videoDownloadUrl(photo.photoUrl)} download>
              {t('photos.details.downloadVideo')}
            </a>
          </Fact>
        )}
      </ul>
      {footer}
    </section>
  );
}
