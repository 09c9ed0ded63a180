/**
 * What the one search box's text means (decision 0107): a date in it ("2023", "March 2023",
 * "märz 2023", "2023-03", "2023-03-14") becomes the range of days searched, and what is left is
 * text a photo's file name, camera or place holds. Month and country names are read in the app's
 * four languages, from the runtime's own ICU data (Intl): no list is kept here.
 */

const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;

/** Lower case, without accents or a trailing dot: "Mär." and "mar" compare as "mar". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\.$/, '');
}

let monthNames: Map<string, number> | undefined;

/** Every month's long and short name in the four languages, folded, to its number (1–12). */
function months(): Map<string, number> {
  if (monthNames) return monthNames;
  monthNames = new Map();
  for (const language of LANGUAGES) {
    for (const style of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(language, { month: style, timeZone: 'UTC' });
      for (let month = 1; month <= 12; month += 1) {
        const name = fold(format.format(Date.UTC(2001, month - 1, 15)));
        if (name.length >= 3) monthNames.set(name, month);
      }
    }
  }
  return monthNames;
}

let countryNames: { code: string; names: string[] }[] | undefined;

/** Every ISO 3166-1 region ICU names, with its folded names in the four languages. */
function countries(): { code: string; names: string[] }[] {
  if (countryNames) return countryNames;
  const displays = LANGUAGES.map(
    (language) => new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }),
  );
  countryNames = [];
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      const names = displays
        .map((display) => display.of(code))
        .filter((name): name is string => name !== undefined && name !== code)
        .map(fold);
      if (names.length > 0) countryNames.push({ code, names: [...new Set(names)] });
    }
  }
  return countryNames;
}

/** The countries (ISO codes) one of whose names, in the four languages, holds the text. */
export function countriesNamed(text: string): string[] {
  const folded = fold(text.trim());
  if (folded.length < 3) return [];
  return countries()
    .filter((country) => country.names.some((name) => name.includes(folded)))
    .map((country) => country.code);
}

export interface SearchText {
  /** The range of photo dates (sort_date, ISO text): at or after `from`, before `until`. */
  from?: string;
  until?: string;
  /** What is left to find in names, cameras and places; absent when nothing is. */
  text?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const YEAR = /^(1[89]\d\d|2[01]\d\d)$/;

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The range of a year, a month of it, or a day of it, as sort_date bounds. */
function rangeOf(year: number, month?: number, day?: number): Required<Omit<SearchText, 'text'>> {
  if (month === undefined) return { from: `${year}`, until: `${year + 1}` };
  const monthKey = `${year}-${pad(month)}`;
  if (day !== undefined)
    return { from: `${monthKey}-${pad(day)}`, until: `${monthKey}-${pad(day)}T24` };
  const next = month === 12 ? `${year + 1}-01` : `${year}-${pad(month + 1)}`;
  return { from: monthKey, until: next };
}

/**
 * Reads a date out of the text: an ISO day or month, a month's name next to a year, or a year
 * alone; the first one found wins and the other words stay text.
 */
export function readSearchText(q: string): SearchText {
  const words = q.trim().split(/\s+/).filter(Boolean);
  for (const [index, word] of words.entries()) {
    const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(word);
    if (iso && YEAR.test(iso[1] ?? '')) {
      const [year, month, day] = [
        Number(iso[1]),
        Number(iso[2]),
        iso[3] ? Number(iso[3]) : undefined,
      ];
      if (month >= 1 && month <= 12 && (day === undefined || isRealDay(year, month, day))) {
        return withText(rangeOf(year, month, day), words, [index]);
      }
    }
  }
  for (const [index, word] of words.entries()) {
    if (!YEAR.test(word)) continue;
    const year = Number(word);
    for (const other of [index - 1, index + 1]) {
      const month = months().get(fold(words[other] ?? ''));
      if (month !== undefined) return withText(rangeOf(year, month), words, [index, other]);
    }
    return withText(rangeOf(year), words, [index]);
  }
  return words.length > 0 ? { text: words.join(' ') } : {};
}

function withText(range: SearchText, words: string[], used: number[]): SearchText {
  const rest = words.filter((_word, index) => !used.includes(index)).join(' ');
  return rest ? { ...range, text: rest } : range;
}

export interface PeopleInText {
  /** The people a name in the text calls (several when a first name is shared). */
  personIds: string[];
  /** How many names the text gives: a photo must show that many of `personIds`. */
  names: number;
  /** What is left of the text; absent when nothing is. */
  text?: string;
}

/**
 * Reads the names of the searcher's people out of the text ("Ann Lisbon" with a person named
 * "Ann Smith"): a person's whole name, else their first name, as words of the text (case and
 * accents ignored). Whole names are taken first, the longest first; each word serves one name.
 */
export function readPeopleNames(
  text: string,
  people: readonly { id: string; name: string }[],
): PeopleInText {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const folded = words.map(fold);
  const used = new Set<number>();
  const personIds = new Set<string>();
  let names = 0;
  const nameWords = people
    .map((person) => ({ id: person.id, words: person.name.trim().split(/\s+/).map(fold) }))
    .filter((person) => person.words.length > 0 && person.words[0] !== '');
  /** Where the words first stand in the text, among the words not used yet; -1 if nowhere. */
  const find = (wanted: readonly string[]) => {
    for (let start = 0; start + wanted.length <= folded.length; start += 1) {
      if (wanted.every((word, at) => !used.has(start + at) && folded[start + at] === word)) {
        return start;
      }
    }
    return -1;
  };
  const take = (
    candidates: { id: string; words: string[] }[],
    wordsOf: (p: { words: string[] }) => string[],
  ) => {
    const longestFirst = [...candidates].sort((a, b) => wordsOf(b).length - wordsOf(a).length);
    for (const person of longestFirst) {
      const wanted = wordsOf(person);
      const start = find(wanted);
      if (start < 0) {
        // The same words already taken for someone of the same name: either of them.
        if (taken.has(wanted.join(' '))) personIds.add(person.id);
        continue;
      }
      for (let at = start; at < start + wanted.length; at += 1) used.add(at);
      taken.add(wanted.join(' '));
      personIds.add(person.id);
      names += 1;
    }
  };
  const taken = new Set<string>();
  take(nameWords, (person) => person.words);
  take(
    nameWords.filter((person) => !personIds.has(person.id)),
    (person) => person.words.slice(0, 1),
  );
  const rest = words.filter((_word, index) => !used.has(index)).join(' ');
  return { personIds: [...personIds], names, ...(rest ? { text: rest } : {}) };
}
