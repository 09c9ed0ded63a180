import type { Photo } from '@photo/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makePhoto } from '../../../test/builders';
import { usePhotoViewer } from './use-photo-viewer';

const photos: Photo[] = [makePhoto({ id: 'p1' }), makePhoto({ id: 'p2' })];

/**
 * A page of cards and a viewer on the photo its address names. The second card is drawn only
 * when asked, as a virtualised grid draws a card once it has scrolled to it.
 */
function Page() {
  const viewer = usePhotoViewer({
    data: photos,
    hasNextPage: false,
    isFetchingNextPage: false,
    isSuccess: true,
    fetchNextPage: () => Promise.resolve(),
  });
  const [secondDrawn, drawSecond] = useState(false);
  const shown = viewer.list[viewer.index];
  return (
    <>
      {viewer.list
        .filter((photo) => photo.id === 'p1' || secondDrawn)
        .map((photo) => (
          <a key={photo.id} href={`#${photo.id}`} ref={viewer.linkRef(photo.id)}>
            Card {photo.id}
          </a>
        ))}
      <button type="button" onClick={() => drawSecond(true)}>
        Draw the second card
      </button>
      {shown && (
        <div role="dialog" aria-label="Photo viewer">
          <button type="button" onClick={viewer.close}>
            Close
          </button>
        </div>
      )}
    </>
  );
}

function openedOn(photoId: string) {
  render(
    <MemoryRouter initialEntries={[`/album/a1?photo=${photoId}`]}>
      <Page />
    </MemoryRouter>,
  );
}

/** Closes the viewer as its own controls do. */
function closeViewer() {
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
}

describe('usePhotoViewer', () => {
  it("puts the focus back on the shown photo's card when the viewer closes", () => {
    openedOn('p1');
    closeViewer();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Card p1' })).toHaveFocus();
  });

  it('gives the focus to a card drawn only after the viewer has closed', () => {
    openedOn('p2');
    closeViewer();
    expect(document.activeElement).toBe(document.body);
    act(() => screen.getByRole('button', { name: 'Draw the second card' }).click());
    expect(screen.getByRole('link', { name: 'Card p2' })).toHaveFocus();
  });

  it('leaves the focus where the person has put it meanwhile', () => {
    openedOn('p2');
    closeViewer();
    const drawButton = screen.getByRole('button', { name: 'Draw the second card' });
    drawButton.focus();
    fireEvent.click(drawButton);
    expect(drawButton).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Card p2' })).not.toHaveFocus();
  });
});
