import type { Album } from '@photo/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../test/network';
import { renderApp } from '../test/render';
import { signInAs } from '../test/session';
import { makePhoto } from '../test/builders';
import { preloadAlbumPage, preloadRecentAlbums } from './albums-preload';

const album = (id: string, coverReady = true): Album => ({
  id,
  name: `Album ${id}`,
  coverPhotoUrl: `/api/files/show/cover-${id}?v=2`,
  coverPlaceholder: null,
  coverReady,
  createdBy: 'Ann',
  createdById: 'u1',
  dateCreated: '2026-11-01T10:00:00Z',
  photoCount: 1,
  firstPhotoDate: '2026-11-01T10:00:00Z',
  lastPhotoDate: '2026-11-01T10:00:00Z',
});

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
    (link) => ({
      href: link.getAttribute('href'),
      srcset: link.getAttribute('imagesrcset'),
      sizes: link.getAttribute('imagesizes'),
      priority: link.getAttribute('fetchpriority'),
    }),
  );

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  delete window.__photoPreloads;
  window.history.replaceState(null, '', '/');
});

describe('the early script of Recent Albums', () => {
  it('starts the first ready cover as its card shows it, and the app takes its answer', async () => {
    signInAs('u1');
    window.history.replaceState(null, '', '/albums/recent');
    const albums = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((id) => album(id, id !== 'a1'));
    const network = fakeNetwork().on('GET /api/albumsDb', jsonResponse(200, albums));

    preloadRecentAlbums();
    // a1's cover is still being made, so it has no sizes yet: a2's is the first ready one.
    await waitFor(() => expect(preloads()).toHaveLength(1));

    renderApp('/albums/recent');
    await screen.findByRole('heading', { name: 'Album a6' });
    const cards = screen.getAllByRole('img', { name: /Cover photo of the album/ });
    const shown = ['a2'].map((id) => {
      const img = cards.find((card) => card.getAttribute('alt')?.endsWith(`Album ${id}`))!;
      return {
        href: img.getAttribute('src'),
        srcset: img.getAttribute('srcset'),
        sizes: img.getAttribute('sizes'),
        priority: img.getAttribute('fetchpriority'),
      };
    });
    expect(preloads()).toEqual(shown);
    expect(shown[0]!.srcset).toContain('/api/files/show/cover-a2?v=2&size=card3x 864w');
    expect(shown[0]!.priority).toBe('high');
    // One request: the app read the answer the script had started, and the script read a copy.
    expect(network.sent('GET /api/albumsDb')).toHaveLength(1);
  });

  it('asks for nothing with a token about to be renewed, or on another page', async () => {
    const network = fakeNetwork().on('GET /api/albumsDb', jsonResponse(200, [album('a1')]));
    signInAs('u1', { expiresInMs: 60 * 1000 });
    window.history.replaceState(null, '', '/albums/recent');
    preloadRecentAlbums();
    signInAs('u1');
    window.history.replaceState(null, '', '/albums/me');
    preloadRecentAlbums();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.requests).toHaveLength(0);
    expect(window.__photoPreloads).toBeUndefined();
    expect(preloads()).toEqual([]);
  });

  it('starts no cover when the albums cannot be had', async () => {
    signInAs('u1');
    window.history.replaceState(null, '', '/albums/recent');
    const network = fakeNetwork().on(
      'GET /api/albumsDb',
      jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'Try again later.' } }),
    );
    preloadRecentAlbums();
    await waitFor(() => expect(network.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(preloads()).toEqual([]);
  });
});

describe('the early script of an album page', () => {
  it('starts the album and its first photos together, and the app takes both answers', async () => {
    signInAs('u1');
    window.history.replaceState(null, '', '/album/a1');
    const network = fakeNetwork()
      .on('GET /api/albums/find', jsonResponse(200, album('a1')))
      .on(
        'GET /api/albumsDb/a1/photos',
        jsonResponse(200, [
          makePhoto({ id: 'p0', photoUrl: '/api/files/show/f-p0', ready: false }),
          makePhoto({ id: 'p1', photoUrl: '/api/files/show/f-p1', width: 1200, height: 800 }),
        ]),
      );

    preloadAlbumPage();
    // Both asked for before the app's code runs, not the photos after the album.
    await waitFor(() =>
      expect(
        network.requests.map((request) => `${request.method} ${request.url.pathname}`),
      ).toEqual(['GET /api/albums/find', 'GET /api/albumsDb/a1/photos']),
    );

    // The first ready photo's thumbnail, the size its tile picks, starts at once too.
    await waitFor(() =>
      expect(preloads().map((link) => link.href)).toEqual(['/api/files/show/f-p1?size=thumb']),
    );

    renderApp('/album/a1');
    await screen.findByRole('heading', { name: 'Album a1' });
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /View larger/ })).toHaveLength(2),
    );
    expect(network.sent('GET /api/albums/find')).toHaveLength(1);
    expect(network.sent('GET /api/albumsDb/a1/photos')).toHaveLength(1);
  });

  it('asks for nothing on the album lists, or signed out', async () => {
    const network = fakeNetwork();
    signInAs('u1');
    for (const path of ['/albums/recent', '/albums/me', '/albums/', '/photo/p1']) {
      window.history.replaceState(null, '', path);
      preloadAlbumPage();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.requests).toHaveLength(0);
  });
});
