import type { Memory } from '@photo/contract';
import { useCallback, useEffect, useState } from 'react';
import { PENDING_IMAGE, sizedImageUrl } from '../../../shared/lib/image-url';
import { isThumbShown } from '../../../shared/lib/media';
import { placeholderColour } from '../../../shared/lib/placeholder';
import { useT } from '../../../i18n/i18n';
import { localToday, useHideMemory, useMemories } from '../api/memories';
import { MemoryStory } from './memory-story';
import './memories.css';

/** How long "Memory hidden · Undo" stays (ms). */
const HIDDEN_NOTICE_MS = 8_000;

function MemoryCard({
  memory,
  cards,
  onOpen,
}: {
  memory: Memory;
  cards: boolean;
  onOpen: () => void;
}) {
  const translate = useT();
  const cover = memory.photos[0];
  if (!cover) return null;
  const when = translate('memories.yearsAgo', { count: memory.yearsAgo });
  return (
    <li>
      <button
        type="button"
        className={cards ? 'app-memory' : 'app-memory-chip'}
        onClick={onOpen}
        aria-label={translate('memories.open', { when, count: memory.photos.length })}
      >
        <img
          src={isThumbShown(cover) ? sizedImageUrl(cover.photoUrl, 'thumb') : PENDING_IMAGE}
          alt=""
          width={cards ? 300 : 36}
          height={cards ? 400 : 36}
          decoding="async"
          style={{ backgroundColor: placeholderColour(cover.placeholder) }}
        />
        <span className="app-memory-label" aria-hidden="true">
          <span className="app-memory-when">{when}</span>
          <span className="app-memory-year">{memory.year}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * "Memory hidden · Undo" at the bottom of the screen, for a while: shared/ui/bottom-notice's
 * markup, not its module, which is in the album page's chunk (and would bring that chunk here).
 */
function HiddenNotice({ onUndo, onDismiss }: { onUndo: () => void; onDismiss: () => void }) {
  const translate = useT();
  useEffect(() => {
    const timer = setTimeout(onDismiss, HIDDEN_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [onDismiss]);
  return (
    <div role="status" className="app-notice-region">
      <div className="app-notice">
        <span>{translate('memories.hidden')}</span>
        <button type="button" className="btn btn-link btn-sm p-0 fw-semibold" onClick={onUndo}>
          {translate('memories.undo')}
        </button>
        <button
          type="button"
          className="btn-close btn-close-white"
          aria-label={translate('common.dismiss')}
          onClick={onDismiss}
        />
      </div>
    </div>
  );
}

/**
 * "On this day" (decisions 0106, 0108): a row, one memory per earlier year with photos of the
 * person's own taken within a day of today; one opens the memories as a story, from its own.
 * "Don't show this memory" there hides it (with an Undo for a while). Nothing at all when there
 * are none. In the feature's own chunk loaded after the page: on Recent Albums a row of chips, one
 * line high, for the albums drawn before it to move little when it comes; on Photos, `cards`.
 */
export default function MemoriesRow({ cards = false }: { cards?: boolean }) {
  const translate = useT();
  const [day] = useState(localToday);
  const memories = useMemories(day).data?.memories ?? [];
  const hide = useHideMemory();
  const [opened, setOpened] = useState<number | null>(null);
  const [hidden, setHidden] = useState<string | null>(null);
  const dismiss = useCallback(() => setHidden(null), []);
  const notice = hidden && (
    <HiddenNotice
      onUndo={() => {
        hide.mutate({ key: hidden, hidden: false });
        setHidden(null);
      }}
      onDismiss={dismiss}
    />
  );
  if (memories.length === 0) return notice || null;
  return (
    <section
      aria-labelledby="memories-title"
      className={cards ? 'app-memories' : 'app-memories is-chips'}
    >
      <h2 id="memories-title" className="app-memories-title">
        {translate('memories.title')}
      </h2>
      <ul className="app-memories-row list-unstyled mb-0">
        {memories.map((memory, index) => (
          <MemoryCard
            key={memory.key}
            memory={memory}
            cards={cards}
            onOpen={() => setOpened(index)}
          />
        ))}
      </ul>
      {opened !== null && (
        <MemoryStory
          memories={memories}
          start={opened}
          onClose={() => setOpened(null)}
          onHide={(memory) => {
            setOpened(null);
            hide.mutate({ key: memory.key, hidden: true });
            setHidden(memory.key);
          }}
        />
      )}
      {notice}
    </section>
  );
}
