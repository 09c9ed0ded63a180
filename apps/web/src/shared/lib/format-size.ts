import { currentLocale, t } from '../../i18n/i18n';

// Decimal units, as photo apps and file managers count a photo's size: 2,400,000 bytes is
// "2.4 MB" ("2,4 MB" in German). Each form is made once per language.
const sizeFormats = new Map<string, Intl.NumberFormat>();

function sizeFormat(unit: 'kilobyte' | 'megabyte' | 'gigabyte') {
  const locale = currentLocale();
  const key = `${locale}|${unit}`;
  let made = sizeFormats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      maximumFractionDigits: unit === 'kilobyte' ? 0 : 1,
    });
    sizeFormats.set(key, made);
  }
  return made;
}

/** A file's size as people read it: "820 bytes", "48 KB", "2.4 MB", "1.2 GB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return t('common.bytes', { count: bytes });
  if (bytes < 999_500) return sizeFormat('kilobyte').format(bytes / 1000);
  if (bytes < 999_950_000) return sizeFormat('megabyte').format(bytes / 1_000_000);
  return sizeFormat('gigabyte').format(bytes / 1_000_000_000);
}
