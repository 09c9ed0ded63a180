// The app's texts are English, so are the units. Decimal units, as photo apps and file managers
// count a photo's size: 2,400,000 bytes is "2.4 MB".
const sizeFormats = {
  kilobyte: new Intl.NumberFormat('en', {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  }),
  megabyte: new Intl.NumberFormat('en', {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  }),
  gigabyte: new Intl.NumberFormat('en', {
    style: 'unit',
    unit: 'gigabyte',
    maximumFractionDigits: 1,
  }),
};

/** A file's size as people read it: "820 bytes", "48 KB", "2.4 MB", "1.2 GB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 999_500) return sizeFormats.kilobyte.format(bytes / 1000);
  if (bytes < 999_950_000) return sizeFormats.megabyte.format(bytes / 1_000_000);
  return sizeFormats.gigabyte.format(bytes / 1_000_000_000);
}
