import { describe, expect, it } from 'vitest';
import { nextPageUrl, parseLinkHeader } from './link-header';

describe('Link header parsing', () => {
  it('finds the next page of a single link', () => {
    expect(nextPageUrl('</api/albumsDb?limit=50&cursor=abc>; rel="next"')).toBe(
      '/api/albumsDb?limit=50&cursor=abc',
    );
  });

  it('tells each relation of several links apart, absolute or relative', () => {
    const header =
      '<https://photos.example/api/albumsDb?cursor=p1>; rel="prev", ' +
      '<https://photos.example/api/albumsDb?cursor=n1>; rel="next"; title="Next page"';
    expect(parseLinkHeader(header)).toEqual({
      prev: 'https://photos.example/api/albumsDb?cursor=p1',
      next: 'https://photos.example/api/albumsDb?cursor=n1',
    });
  });

  it('accepts unquoted and multi-valued relations, in any case', () => {
    expect(parseLinkHeader('</a?x=1,2>; REL=next')).toEqual({ next: '/a?x=1,2' });
    expect(parseLinkHeader('</last>; rel="next last"')).toEqual({ next: '/last', last: '/last' });
  });

  it('says there is no next page when the header is missing or has none', () => {
    expect(nextPageUrl(null)).toBeNull();
    expect(nextPageUrl('')).toBeNull();
    expect(nextPageUrl('</api/albumsDb?cursor=p>; rel="prev"')).toBeNull();
    expect(nextPageUrl('garbage without brackets')).toBeNull();
  });
});
