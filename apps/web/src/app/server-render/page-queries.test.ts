import type { TimelineMonths, TimelinePage } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { timelineKeys } from '../../features/timeline/api/timeline-keys';
import { pageCache, pageQueries, TIMELINE_FIRST_SCREEN, type PageAnswer } from './page-queries';

const ok = (body: unknown): PageAnswer => ({ status: 200, body, link: null });

const months = (counts: number[]): TimelineMonths => ({
  months: counts.map((count, at) => ({ month: `2026-${String(12 - at).padStart(2, '0')}`, count })),
  total: counts.reduce((sum, count) => sum + count, 0),
});

describe('the GETs Photos is drawn from on the server', () => {
  it('asks for the months first, then the first months holding a screen of photos', () => {
    const first = pageQueries('/photos', true)!.map((query) => query.path);
    expect(first).toContain('/api/timeline/months');
    expect(first.some((path) => path.startsWith('/api/timeline?'))).toBe(false);

    const answers = new Map([['/api/timeline/months', ok(months([25, 30, 10, 40]))]]);
    const then = pageQueries('/photos', true, answers)!.map((query) => query.path);
    // 25 + 30 + 10 reach a screen of 60 photos: the fourth month is not read.
    expect(then.filter((path) => path.startsWith('/api/timeline?'))).toEqual([
      '/api/timeline?month=2026-12&limit=500',
      '/api/timeline?month=2026-11&limit=500',
      '/api/timeline?month=2026-10&limit=500',
    ]);
    expect(TIMELINE_FIRST_SCREEN).toBe(60);
  });

  it("asks for the favourites' own months and photos on the Favourites page", () => {
    const answers = new Map([['/api/timeline/months?favourites=true', ok(months([3]))]]);
    const paths = pageQueries('/favourites', true, answers)!.map((query) => query.path);
    expect(paths).toContain('/api/timeline?month=2026-12&limit=500&favourites=true');
  });

  it('is not drawn on the server for someone signed out, nor when the months failed', () => {
    expect(pageQueries('/photos', false)).toBeNull();
    const failed = new Map([['/api/timeline/months', { status: 500, body: null, link: null }]]);
    const queries = pageQueries('/photos', true, failed)!;
    expect(pageCache(queries, failed)).toBeNull();
  });

  it("puts a month's first page in the cache as the month's query keeps it", () => {
    const page: TimelinePage = { photos: [], nextCursor: 'next' };
    const answers = new Map<string, PageAnswer>([
      ['/api/users/me', ok({ id: 'me' })],
      ['/api/timeline/months', ok(months([1]))],
      ['/api/timeline?month=2026-12&limit=500', ok(page)],
    ]);
    const entries = pageCache(pageQueries('/photos', true, answers)!, answers)!;
    expect(entries).toContainEqual([
      timelineKeys.month('2026-12'),
      { pages: [page], pageParams: [null] },
    ]);
  });
});

describe('the GETs of every signed-in page', () => {
  it.each(['/albums/recent', '/album/a1', '/photos'])(
    "%s: the bar (its picture and the bell's count) is drawn with the page",
    (pathname) => {
      const paths = pageQueries(pathname, true)!.map((query) => query.path);
      expect(paths).toEqual(expect.arrayContaining(['/api/users/me', '/api/activity/unread']));
    },
  );
});
