/**
 * Where a photo sorts and which day and month lists give it (decision 0101): when it was taken, as
 * its camera's clock read it, written as if it were UTC (as a date without a time zone is kept),
 * else when it was added. A file's date_taken is the moment itself when the file gives the clock's
 * offset (taken_offset_minutes), so the offset is added back: a photo taken at 00:30 on 1 January
 * in UTC+2 is in January, whatever the zone of the person looking.
 */
export function sortDateOf(
  file: { date_taken: string | null; taken_offset_minutes: number | null },
  added: string,
): string {
  if (file.date_taken === null) return added;
  if (!file.taken_offset_minutes) return file.date_taken;
  const moment = Date.parse(file.date_taken);
  if (Number.isNaN(moment)) return file.date_taken;
  return new Date(moment + file.taken_offset_minutes * 60_000).toISOString();
}
