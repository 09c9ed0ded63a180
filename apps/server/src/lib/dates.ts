/** Dates are stored as ISO-8601 UTC strings with milliseconds: they sort as text on every engine. */
export function toIso(date: Date): string {
  return date.toISOString();
}
