import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/builders';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

function openPhoto(photo: ReturnType<typeof makePhoto>) {
  signInAs('visitor');
  fakeNetwork()
    .on('GET /api/photos/p1', jsonResponse(200, photo))
    .on('GET /api/photos/p1/comments', jsonResponse(200, []));
  return renderApp('/photo/p1');
}

describe('the photo page of a video', { timeout: 20_000 }, () => {
  it('plays the video with controls, at its poster first, and offers its original', async () => {
    openPhoto(
      makePhoto({
        kind: 'video',
        video: { durationMs: 42_000, state: 'ready' },
        width: 1920,
        height: 1080,
      }),
    );
    // The first visit of the page in a run also loads its code.
    const video = await screen.findByLabelText('Video by Ann', {}, { timeout: 15_000 });
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/api/files/show/f1?size=video');
    expect(video).toHaveAttribute('poster', '/api/files/show/f1?size=preview');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('width', '450');
    expect(screen.getByRole('link', { name: 'Download video' })).toHaveAttribute(
      'href',
      '/api/files/show/f1?size=video&download=1',
    );
  });

  it('shows the poster of a video being prepared and says so', async () => {
    openPhoto(makePhoto({ kind: 'video', video: { durationMs: 42_000, state: 'processing' } }));
    expect(
      await screen.findByText('This video is being prepared — it will play in a moment'),
    ).toBeVisible();
    expect(screen.getByRole('img', { name: 'Video by Ann' })).toHaveAttribute(
      'src',
      '/api/files/show/f1?size=preview',
    );
    expect(document.querySelector('video')).toBeNull();
  });

  it("plays a Live Photo's motion from LIVE and offers both its originals", async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { user } = openPhoto(
      makePhoto({ kind: 'livePhoto', video: { durationMs: 2_500, state: 'ready' } }),
    );
    await user.click(await screen.findByRole('button', { name: /LIVE/ }));
    expect(document.querySelector('video')).toHaveAttribute('src', '/api/files/show/f1?size=video');
    expect(screen.getByRole('link', { name: 'Download photo' })).toHaveAttribute(
      'href',
      '/api/files/show/f1?download=1',
    );
    expect(screen.getByRole('link', { name: 'Download video' })).toHaveAttribute(
      'href',
      '/api/files/show/f1?size=video&download=1',
    );
  });
});
