import type { Activity, ActivityEvent } from '@photo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const entry = (id: string, fields: Partial<Activity>): Activity => ({
  id,
  kind: 'like',
  actorName: 'Cara',
  albumId: 'a1',
  albumName: 'Garden',
  photoId: 'p1',
  thumbnailUrl: '/api/files/show/f1?exp=1&sig=s',
  count: 1,
  excerpt: null,
  dateCreated: minutesAgo(5),
  unread: false,
  ...fields,
});

const feed: Activity[] = [
  entry('e1', { kind: 'comment', actorName: 'Ann', excerpt: 'Lovely!', unread: true }),
  entry('e2', { kind: 'photosAdded', actorName: 'Bob', count: 12, unread: true }),
  entry('e3', {
    kind: 'invitation',
    albumName: 'Trip',
    albumId: 'a2',
    photoId: null,
    thumbnailUrl: null,
    unread: true,
  }),
  entry('e4', { kind: 'like', actorName: 'Cara' }),
  entry('e5', {
    kind: 'guestUpload',
    actorName: 'Dee',
    albumName: 'Wedding',
    count: 3,
    dateCreated: minutesAgo(3 * 24 * 60),
  }),
];

type Unread = { count: number; more: boolean };

/** A live stream that sends these events, then these counts alone (text/event-stream), then stays open. */
function eventStream(events: ActivityEvent[] = [], counts: Unread[] = []) {
  return () => {
    const text =
      events
        .map((event, i) => `id: e${i}\nevent: activity\ndata: ${JSON.stringify(event)}\n\n`)
        .join('') +
      counts.map((count) => `event: unread\ndata: ${JSON.stringify(count)}\n\n`).join('');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`retry: 60000\n\n${text}`));
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  };
}

function open(unread: Unread | Unread[], events: ActivityEvent[] = [], counts: Unread[] = []) {
  signInAs('u1');
  const network = fakeNetwork()
    .on('GET /api/albumsDb', jsonResponse(200, []))
    .on('GET /api/activity/unread', ...[unread].flat().map((answer) => jsonResponse(200, answer)))
    .on('GET /api/activity/events', eventStream(events, counts))
    .on(
      'GET /api/activity',
      jsonResponse(200, feed, { Link: '</api/activity?limit=20&cursor=c2>; rel="next"' }),
    )
    .on(
      'GET /api/activity?limit=20&cursor=c2',
      jsonResponse(200, [entry('e6', { actorName: 'Old Olly' })]),
    )
    .on('POST /api/activity/read', jsonResponse(200, { count: 0, more: false }));
  return { ...renderApp('/albums/recent'), network };
}

describe('the activity bell', () => {
  it('shows how many entries are unread, in its name too', async () => {
    open({ count: 3, more: false });
    const bell = await screen.findByRole('button', { name: 'Activity, 3 unread' });
    expect(bell).toHaveTextContent('3');
  });

  it('reads the count again when the tab comes back to the front: it may have shrunk meanwhile', async () => {
    // Removed from an album while the tab waited behind another: its entries no longer count.
    const { network } = open([
      { count: 2, more: false },
      { count: 0, more: false },
    ]);
    await screen.findByRole('button', { name: 'Activity, 2 unread' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    expect(await screen.findByRole('button', { name: 'Activity' })).not.toHaveTextContent(/\d/);
    expect(network.sent('GET /api/activity/unread')).toHaveLength(2);
  });

  it('says 99+ beyond 99', async () => {
    open({ count: 100, more: true });
    expect(await screen.findByRole('button', { name: 'Activity, 99+ unread' })).toHaveTextContent(
      '99+',
    );
  });

  it('opens the feed: what happened, when, unread ones marked, each leading to its album or photo', async () => {
    const { user } = open({ count: 3, more: false });
    await user.click(await screen.findByRole('button', { name: 'Activity, 3 unread' }));
    const panel = await screen.findByRole('region', { name: 'Activity' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Ann commented on your photo: “Lovely!”'),
      expect.stringContaining('Bob added 12 photos to Garden'),
      expect.stringContaining('You were invited to Trip'),
      expect.stringContaining('Cara liked your photo'),
      expect.stringContaining('Dee (guest) added 3 photos to Wedding'),
    ]);
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[4]).toHaveTextContent('3 days ago');
    expect(items.map((item) => within(item).queryByText('Unread') !== null)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    const links = items.map((item) => within(item).getByRole('link'));
    expect(links[0]).toHaveAttribute('href', '/album/a1?photo=p1');
    expect(links[1]).toHaveAttribute('href', '/album/a1');
    expect(links[2]).toHaveAttribute('href', '/album/a2');
    expect(links[3]).toHaveAttribute('href', '/album/a1?photo=p1');
    // The thumbnail keeps its signature.
    expect(items[0]?.querySelector('img')).toHaveAttribute(
      'src',
      '/api/files/show/f1?exp=1&sig=s&size=thumb',
    );

    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByText('Cara liked your photo', { exact: false })).toBeVisible();
    expect(await within(panel).findByText(/Old Olly liked your photo/)).toBeVisible();
  });

  it('marks all read: the badge and the marks go', async () => {
    const { user, network } = open({ count: 3, more: false });
    await user.click(await screen.findByRole('button', { name: 'Activity, 3 unread' }));
    const panel = await screen.findByRole('region', { name: 'Activity' });
    await within(panel).findAllByRole('listitem');
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Activity' })).not.toHaveTextContent(/\d/);
    expect(within(panel).queryByText('Unread')).toBeNull();
    expect(network.sent('POST /api/activity/read')).toHaveLength(1);
  });

  it('tells the other tabs: "Mark all read" in one clears the badge in another, live', async () => {
    const { user } = open({ count: 3, more: false });
    const otherTab = new BroadcastChannel('photo.activity-read');
    const heard: unknown[] = [];
    otherTab.onmessage = (message) => heard.push(message.data);
    try {
      await user.click(await screen.findByRole('button', { name: 'Activity, 3 unread' }));
      const panel = await screen.findByRole('region', { name: 'Activity' });
      await within(panel).findAllByRole('listitem');
      await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
      await waitFor(() => expect(heard).toEqual([{ count: 0, more: false }]));
    } finally {
      otherTab.close();
    }
  });

  it('clears its badge when another tab marks all read', async () => {
    open({ count: 3, more: false });
    await screen.findByRole('button', { name: 'Activity, 3 unread' });
    const otherTab = new BroadcastChannel('photo.activity-read');
    try {
      // The bell follows the other tabs once its live code has loaded.
      await waitFor(
        async () => {
          otherTab.postMessage({ count: 0, more: false });
          await new Promise((resolve) => setTimeout(resolve, 50));
          expect(screen.getByRole('button', { name: 'Activity' })).not.toHaveTextContent(/\d/);
        },
        { timeout: 5000 },
      );
    } finally {
      otherTab.close();
    }
  });

  it('closes with Escape, back on the bell', async () => {
    const { user } = open({ count: 0, more: false });
    const bell = await screen.findByRole('button', { name: 'Activity' });
    await user.click(bell);
    await screen.findByRole('region', { name: 'Activity' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Activity' })).toBeNull();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('counts new entries live, from the stream', async () => {
    const fresh = entry('e9', { kind: 'comment', actorName: 'Eve', excerpt: 'Wow', unread: true });
    open({ count: 1, more: false }, [{ activity: fresh, unread: { count: 2, more: false } }]);
    expect(await screen.findByRole('button', { name: 'Activity, 2 unread' })).toBeVisible();
  });

  it('takes a count sent alone: entries that left the feed leave the badge, live', async () => {
    open({ count: 3, more: false }, [], [{ count: 1, more: false }]);
    expect(await screen.findByRole('button', { name: 'Activity, 1 unread' })).toBeVisible();
  });
});
