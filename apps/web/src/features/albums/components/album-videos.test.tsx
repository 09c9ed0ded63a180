import type { Album, Photo } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/builders';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const album: Album = {
  id: 'a1',
  name: 'Holiday',
  coverPhotoUrl: '/api/files/show/f1',
  coverPlaceholder: null,
  coverReady: true,
  createdBy: 'Ann',
  createdById: 'owner',
  dateCreated: '2026-11-01T10:00:00Z',
  photoCount: 4,
  firstPhotoDate: '2026-11-01T10:00:00Z',
  lastPhotoDate: '2026-11-01T10:00:00Z',
};

const item = (id: string, overrides: Partial<Photo> = {}) =>
  makePhoto({
    id,
    fileId: `file-${id}`,
    photoUrl: `/api/files/show/file-${id}?exp=1900000000&sig=s-${id}`,
    width: 1920,
    height: 1080,
    ...overrides,
  });

const clip = item('v1', { kind: 'video', video: { durationMs: 42_000, state: 'ready' } });
const long = item('v2', { kind: 'video', video: { durationMs: 3_723_000, state: 'ready' } });
const preparing = item('v3', { kind: 'video', video: { durationMs: 8_000, state: 'processing' } });
const live = item('l1', { kind: 'livePhoto', video: { durationMs: 2_500, state: 'ready' } });

function openAlbum(path = '/album/a1', photos: Photo[] = [clip, long, preparing, live]) {
  signInAs('visitor');
  const network = fakeNetwork()
    .on('GET /api/albums/find', jsonResponse(200, album))
    .on('GET /api/albumsDb/a1/photos', jsonResponse(200, photos));
  return { ...renderApp(path), network };
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

const tiles = () => within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');

describe('videos and Live Photos in an album', { timeout: 20_000 }, () => {
  it("shows a video's length, Processing while it is prepared, LIVE on a Live Photo, and names them so", async () => {
    openAlbum();
    // The first visit of the page in a run also loads its code.
    await waitFor(() => expect(tiles()).toHaveLength(4), { timeout: 15_000 });
    const [first, second, third, fourth] = tiles() as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByText('0:42')).toBeVisible();
    expect(within(first).getByRole('link', { name: /^View larger/ })).toHaveAccessibleName(
      'View larger: Video, 42 seconds, by Ann',
    );
    // The poster is the tile's picture, in the usual sizes.
    expect(within(first).getByRole('img')).toHaveAttribute(
      'src',
      '/api/files/show/file-v1?exp=1900000000&sig=s-v1&size=thumb',
    );
    expect(within(second).getByText('1:02:03')).toBeVisible();
    expect(within(second).getByRole('link', { name: /^View larger/ })).toHaveAccessibleName(
      'View larger: Video, 1 hour 2 minutes 3 seconds, by Ann',
    );
    expect(within(third).getByText('Processing')).toBeVisible();
    expect(within(third).getByRole('link', { name: /^View larger/ })).toHaveAccessibleName(
      'View larger: Video, being prepared, by Ann',
    );
    // A tile being prepared still opens.
    expect(within(third).getByRole('link', { name: /^View larger/ })).toHaveAttribute(
      'href',
      '/album/a1?photo=v3',
    );
    expect(within(fourth).getByText('LIVE')).toBeVisible();
    expect(within(fourth).getByRole('link', { name: /^View larger/ })).toHaveAccessibleName(
      'View larger: Live Photo by Ann',
    );
  });
});

describe('the viewer', { timeout: 20_000 }, () => {
  it('plays a video from its size=video address, at its poster first; Space plays and pauses, arrows move on', async () => {
    let paused = true;
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => {
      paused = false;
      return Promise.resolve();
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {
      paused = true;
    });
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => paused);
    const { user, router } = openAlbum('/album/a1?photo=v1');
    const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
    const video = await waitFor(() => {
      const found = dialog.querySelector<HTMLVideoElement>('.yarl__slide_current video');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).not.toHaveAttribute('autoplay');
    expect(video).toHaveAttribute(
      'poster',
      '/api/files/show/file-v1?exp=1900000000&sig=s-v1&size=preview',
    );
    expect(video.querySelector('source')).toHaveAttribute(
      'src',
      '/api/files/show/file-v1?exp=1900000000&sig=s-v1&size=video',
    );
    expect(within(dialog).getByText(/1 of 4 · 0:42/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Download video' })).toHaveAttribute(
      'href',
      '/api/files/show/file-v1?exp=1900000000&sig=s-v1&size=video&download=1',
    );

    await user.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(pause).toHaveBeenCalled();
    expect(paused).toBe(true);

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?photo=v2'));
  });

  it('shows a video being prepared at its poster and says so, then plays it once it is ready', async () => {
    signInAs('visitor');
    fakeNetwork()
      .on('GET /api/albums/find', jsonResponse(200, album))
      .on(
        'GET /api/albumsDb/a1/photos',
        jsonResponse(200, [preparing]),
        jsonResponse(200, [{ ...preparing, video: { durationMs: 8_000, state: 'ready' } }]),
      );
    renderApp('/album/a1?photo=v3');
    const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
    expect(
      await within(dialog).findByText('This video is being prepared — it will play in a moment'),
    ).toBeVisible();
    expect(within(dialog).getByRole('img', { name: /^Video by Ann/ })).toHaveAttribute(
      'src',
      '/api/files/show/file-v3?exp=1900000000&sig=s-v3&size=preview',
    );
    expect(dialog.querySelector('video')).toBeNull();
    // The album's photos are read again until the video is ready; then it plays.
    await waitFor(() => expect(dialog.querySelector('.yarl__slide_current video')).not.toBeNull(), {
      timeout: 8000,
    });
    expect(
      within(dialog).queryByText('This video is being prepared — it will play in a moment'),
    ).toBeNull();
  });

  it("offers a Live Photo's two originals, and plays its motion from LIVE", async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const { user } = openAlbum('/album/a1?photo=l1');
    const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
    const toggle = await within(dialog).findByRole('button', { name: /LIVE/ });
    expect(within(dialog).getByRole('img', { name: /^Live Photo by Ann/ })).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.querySelector('video')).toHaveAttribute(
      'src',
      '/api/files/show/file-l1?exp=1900000000&sig=s-l1&size=video',
    );

    const download = within(dialog).getByRole('button', { name: 'Download' });
    await user.click(download);
    expect(download).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('link', { name: 'Download photo' })).toHaveAttribute(
      'href',
      '/api/files/show/file-l1?exp=1900000000&sig=s-l1&download=1',
    );
    expect(within(dialog).getByRole('link', { name: 'Download video' })).toHaveAttribute(
      'href',
      '/api/files/show/file-l1?exp=1900000000&sig=s-l1&size=video&download=1',
    );
    // Escape closes the menu first, then the viewer.
    await user.keyboard('{Escape}');
    expect(download).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Photo viewer' })).toBeInTheDocument();
  });
});
