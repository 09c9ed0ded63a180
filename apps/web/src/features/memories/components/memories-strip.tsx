import type { Memory, TimelinePhoto } from '@photo/contract';
import { useState, type ReactNode } from 'react';
import { PENDING_IMAGE, sizedImageUrl } from '../../../shared/lib/image-url';
import { isThumbShown } from '../../../shared/lib/media';
import { placeholderColour } from '../../../shared/lib/placeholder';
import { useT } from '../../../i18n/i18n';
import { localToday, useMemories } from '../api/memories';
import './memories.css';

/** What the viewer is given: a memory's photos, the one shown, and where they stand. */
export interface MemoryViewerProps {
  photos: readonly TimelinePhoto[];
  place: { of: (index: number) => number; count: number };
  index: number;
  onView: (index: number) => void;
  onClose: () => void;
}

function MemoryCard({ memory, onOpen }: { memory: Memory; onOpen: () => void }) {
  const translate = useT();
  const cover = memory.photos[0];
  if (!cover) return null;
  const when = translate('memories.yearsAgo', { count: memory.yearsAgo });
  return (
    <li>
      <button
        type="button"
        className="app-memory"
        style={{ backgroundColor: placeholderColour(cover.placeholder) }}
        onClick={onOpen}
        aria-label={translate('memories.open', { when, count: memory.photos.length })}
      >
        <img
          src={isThumbShown(cover) ? sizedImageUrl(cover.photoUrl, 'thumb') : PENDING_IMAGE}
          alt=""
          width={300}
          height={300}
          decoding="async"
        />
        <span className="app-memory-label" aria-hidden="true">
          <span className="d-block fw-semibold">{when}</span>
          <span className="d-block small">{memory.year}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * "On this day" (decision 0106): a row of cards on top of Photos, one per earlier year with photos
 * of the person's own taken around today; a card opens its photos full screen in the viewer, to
 * step or swipe through. Nothing at all when there are none.
 */
export default function MemoriesStrip({
  viewer,
}: {
  viewer: (props: MemoryViewerProps) => ReactNode;
}) {
  const translate = useT();
  const [day] = useState(localToday);
  const memories = useMemories(day).data?.memories ?? [];
  const [opened, setOpened] = useState<{ memory: Memory; index: number } | null>(null);
  if (memories.length === 0) return null;
  return (
    <section aria-labelledby="memories-title" className="app-memories">
      <h2 id="memories-title" className="h6 mb-2">
        {translate('memories.title')}
      </h2>
      <ul className="app-memories-row list-unstyled mb-0">
        {memories.map((memory) => (
          <MemoryCard
            key={memory.year}
            memory={memory}
            onOpen={() => setOpened({ memory, index: 0 })}
          />
        ))}
      </ul>
      {opened &&
        viewer({
          photos: opened.memory.photos,
          place: { of: (index) => index, count: opened.memory.photos.length },
          index: opened.index,
          onView: (index) => setOpened({ ...opened, index }),
          onClose: () => setOpened(null),
        })}
    </section>
  );
}
