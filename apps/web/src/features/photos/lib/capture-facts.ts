import type { Photo, PhotoDetails } from '@photo/contract';
import { formatLocale } from '../../../shared/lib/format-date';
import { t } from '../../../i18n/i18n';

/**
 * How a photo's details say when and how it was taken, in the reader's language: dates as the
 * camera's clock read them (with its time zone when the file gives it), numbers with the
 * language's decimal mark.
 */

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function made<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  const full = `${formatLocale()}|${key}`;
  let format = formats.get(full) as T | undefined;
  if (!format) {
    format = make();
    formats.set(full, format);
  }
  return format;
}

const dateFormat = () =>
  made(
    'date',
    () =>
      new Intl.DateTimeFormat(formatLocale(), {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  );
const timeFormat = () =>
  made(
    'time',
    () => new Intl.DateTimeFormat(formatLocale(), { timeStyle: 'short', timeZone: 'UTC' }),
  );
const decimal = (digits: number) =>
  made(
    `decimal${digits}`,
    () => new Intl.NumberFormat(formatLocale(), { maximumFractionDigits: digits }),
  );
const unit = (name: 'millimeter' | 'second') =>
  made(
    name,
    () =>
      new Intl.NumberFormat(formatLocale(), {
        style: 'unit',
        unit: name,
        maximumFractionDigits: 1,
      }),
  );

/** "UTC+2", "UTC−4:30", "UTC" for an offset of minutes east of UTC. */
export function formatOffset(minutes: number): string {
  if (minutes === 0) return t('photos.info.utc');
  const sign = minutes < 0 ? '−' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  const offset = `${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
  return t('photos.info.utcOffset', { offset });
}

/**
 * When it was taken, as the camera's clock read it: "Wed, 1 May 2024" and "18:30", with its time
 * zone ("UTC+2") when the file gives it. The server keeps the moment when it knows the offset, and
 * the clock's reading as if it were UTC when it does not.
 */
export function formatTaken(
  dateTaken: string,
  offsetMinutes: number | null,
): { date: string; time: string; zone: string | null } | null {
  const moment = new Date(dateTaken);
  if (Number.isNaN(moment.getTime())) return null;
  const clock = new Date(moment.getTime() + (offsetMinutes ?? 0) * 60_000);
  return {
    date: dateFormat().format(clock),
    time: timeFormat().format(clock),
    zone: offsetMinutes === null ? null : formatOffset(offsetMinutes),
  };
}

/** "1/250 s" under a second, else "2 s", "0.5 s" never: 1/2 s. */
export function formatShutter(seconds: number): string {
  if (seconds < 1) {
    return t('photos.info.shutterFraction', { denominator: String(Math.round(1 / seconds)) });
  }
  return unit('second').format(seconds);
}

/** What the camera's lens and exposure were: "ƒ/1.8", "1/250 s", "50 mm", "ISO 400". */
export function exposureParts(details: PhotoDetails): string[] {
  const parts: string[] = [];
  if (details.fNumber !== null) {
    parts.push(t('photos.info.aperture', { value: decimal(1).format(details.fNumber) }));
  }
  if (details.exposureSeconds !== null) parts.push(formatShutter(details.exposureSeconds));
  if (details.focalLength !== null) {
    const focal = unit('millimeter').format(details.focalLength);
    const equivalent = details.focalLength35mm;
    parts.push(
      equivalent !== null && equivalent !== Math.round(details.focalLength)
        ? t('photos.info.focalEquivalent', {
            focal,
            equivalent: unit('millimeter').format(equivalent),
          })
        : focal,
    );
  }
  if (details.iso !== null) parts.push(t('photos.info.iso', { value: String(details.iso) }));
  return parts;
}

/** "12.2 MP" for a picture's pixels, or null when its size is not known. */
export function formatMegapixels(photo: Pick<Photo, 'width' | 'height'>): string | null {
  if (!photo.width || !photo.height) return null;
  const megapixels = (photo.width * photo.height) / 1_000_000;
  return t('photos.info.megapixels', { value: decimal(1).format(megapixels) });
}

/** The camera's name: make and model, once ("Canon" + "Canon EOS R5" is "Canon EOS R5"). */
export function cameraName(photo: Pick<Photo, 'cameraMake' | 'cameraModel'>): string | null {
  const make = photo.cameraMake?.trim() ?? '';
  let model = photo.cameraModel?.trim() ?? '';
  if (make && model.toLowerCase().startsWith(make.toLowerCase())) {
    model = model.slice(make.length).trim();
  }
  const text = [make, model].filter(Boolean).join(' ');
  return text || null;
}
