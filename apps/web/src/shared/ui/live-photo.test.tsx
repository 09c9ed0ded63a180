import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LivePhoto } from './live-photo';

function renderLive(motionUrl: string | null = '/api/files/show/f1?size=video') {
  const user = userEvent.setup();
  render(
    <LivePhoto motionUrl={motionUrl}>
      <img src="/still.jpg" alt="Live Photo by Ann" />
    </LivePhoto>,
  );
  const still = screen.getByRole('img', { name: 'Live Photo by Ann' });
  const toggle = () => screen.queryByRole('button', { name: /LIVE/ });
  const motion = () => document.querySelector('video');
  return { user, still, toggle, motion };
}

let play: ReturnType<typeof vi.fn<(this: HTMLMediaElement) => Promise<void>>>;
beforeEach(() => {
  // jsdom plays no media: playing is asked for, and the element says it plays.
  play = vi.fn(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query.includes('reduce'),
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

describe('a Live Photo', () => {
  it('plays its motion, muted and inline, while the mouse is on it, and shows the still when it leaves', async () => {
    const { user, still, toggle, motion } = renderLive();
    expect(motion()).toBeNull();
    await user.hover(still);
    const video = motion()!;
    expect(video).toHaveAttribute('src', '/api/files/show/f1?size=video');
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(play).toHaveBeenCalledTimes(1);
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(video).toHaveClass('is-playing');

    await user.unhover(still);
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(video).not.toHaveClass('is-playing');
  });

  it('goes back to the still when the motion ends', async () => {
    const { user, still, toggle, motion } = renderLive();
    await user.hover(still);
    fireEvent.ended(motion()!);
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(motion()).not.toHaveClass('is-playing');
  });

  it('does not move by itself on hover when reduced motion is asked for; LIVE still plays it', async () => {
    preferReducedMotion(true);
    const { user, still, toggle, motion } = renderLive();
    await user.hover(still);
    expect(motion()).toBeNull();
    expect(play).not.toHaveBeenCalled();

    await user.click(toggle()!);
    expect(play).toHaveBeenCalledTimes(1);
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle()!);
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
  });

  it('plays on a long press of a finger, and stops when it lifts; a short tap plays nothing', async () => {
    const { user, still, toggle } = renderLive();
    await user.pointer({ keys: '[TouchA]', target: still });
    expect(play).not.toHaveBeenCalled();

    await user.pointer({ keys: '[TouchA>]', target: still });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(play).toHaveBeenCalledTimes(1);
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    await user.pointer({ keys: '[/TouchA]', target: still });
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
  });

  it('is its still alone while its motion cannot play', async () => {
    const { user, still, toggle, motion } = renderLive(null);
    await user.hover(still);
    expect(motion()).toBeNull();
    expect(toggle()).toBeNull();
  });
});
