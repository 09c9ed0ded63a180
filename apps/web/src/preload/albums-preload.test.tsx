import type { Album, User } from '@photo/contract';
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

const me: User = {
  id: 'u1',
  name: 'Ann',
  emailAddress: 'ann@example.com',
  profilePicUrl: '/default-avatar.png',
  dateCreated: '2026-11-01T10:00:00Z',
};

/** The pictures the script started, but the signed-in person's (the top bar's). */
const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')]
    .filter((link) => link.getAttribute('href') !== me.profilePicUrl)
    .map((link) => ({
      href: link.getAttribute('href'),
      srcset: link.getAttribute('imagesrcset'),
      sizes: link.getAttribute('imagesizes'),
      priority: link.getAttribute('fetchpriority'),
    }));

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
    const network = fakeNetwork()
      .on('GET /api/albumsDb', jsonResponse(200, albums))
      .on('GET /api/users/me', jsonResponse(200, me));

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
    // One request each: the app read the answers the script had started (the top bar's too), and
    // the script read a copy.
    expect(network.sent('GET /api/albumsDb')).toHaveLength(1);
    expect(network.sent('GET /api/users/me')).toHaveLength(1);
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
    const network = fakeNetwork()
      .on(
        'GET /api/albumsDb',
        jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'Try again later.' } }),
      )
      .on('GET /api/users/me', jsonResponse(200, me));
    preloadRecentAlbums();
    await waitFor(() => expect(network.sent('GET /api/albumsDb')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(preloads()).toEqual([]);
  });
});

describe('the early script of an album page', () => {
  it('starts the album and its first photos together, and the app takes both answers', async () => {
    signInAs('u1');
    window.history.replaceState(null, '', '/album/a1');
    const network = fakeNetwork()
      .on('GET /api/users/me', jsonResponse(200, me))
      .on('GET /api/albums/find', jsonResponse(200, album('a1')))
      .on(
        'GET /api/albumsDb/a1/photos',
        jsonResponse(200, [
          makePhoto({ id: 'p0', photoUrl: '/api/files/show/f-p0', ready: false }),
          makePhoto({ id: 'p1', photoUrl: '/api/files/show/f-p1', width: 1200, height: 800 }),
          makePhoto({ id: 'p2', photoUrl: '/api/files/show/f-p2' }),
          makePhoto({ id: 'p3', photoUrl: '/api/files/show/f-p3' }),
        ]),
      );

    preloadAlbumPage();
    // All asked for before the app's code runs, not the photos after the album.
    await waitFor(() =>
      expect(
        network.requests.map((request) => `${request.method} ${request.url.pathname}`).sort(),
      ).toEqual(['GET /api/albums/find', 'GET /api/albumsDb/a1/photos', 'GET /api/users/me']),
    );

    // The first screen's ready photos' thumbnails, the size their tiles pick, start at once too:
    // the first row's first.
    await waitFor(() =>
      expect(preloads().map(({ href, priority }) => `${href} ${priority}`)).toEqual([
        '/api/files/show/f-p1?size=thumb high',
        '/api/files/show/f-p2?size=thumb high',
        '/api/files/show/f-p3?size=thumb auto',
      ]),
    );

    renderApp('/album/a1');
    await screen.findByRole('heading', { name: 'Album a1' });
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /View larger/ })).toHaveLength(4),
    );
    expect(network.sent('GET /api/users/me')).toHaveLength(1);
    expect(network.sent('GET /api/albums/find')).toHaveLength(1);
    // The top bar's picture of the person was started as soon as the script knew it.
    expect(
      document.head.querySelector(`link[rel="preload"][href="${me.profilePicUrl}"]`),
    ).not.toBeNull();
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
