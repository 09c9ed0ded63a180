import type { UploadLimits } from '@photo/contract';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import {
  acceptedKindsText,
  acceptedVideoKindsText,
  mediaAccept,
  uploadLimitText,
  videoLimitText,
} from '../lib/file-checks';
import { useT } from '../../i18n/i18n';

/**
 * Picks photos and videos by a file dialog or by drag and drop; the zone is a real button, so
 * keyboards work. Under it, what may be added (`more` after it), the paragraph the zone names.
 */
export function DropZone({
  onFiles,
  limits,
  helpId,
  inputTestId,
  roomy = false,
  more,
}: {
  onFiles: (files: File[]) => void;
  limits: UploadLimits | undefined;
  /** The id of the paragraph that says what may be added. */
  helpId: string;
  inputTestId: string;
  /** More room around the words from the small breakpoint up (a page, not a dialog). */
  roomy?: boolean;
  /** Said after what may be added. */
  more?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const t = useT();

  const onDrop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setOver(false);
    onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <>
      <button
        type="button"
        className={`app-drop-zone w-100 rounded-3 p-4 ${roomy ? 'p-sm-5 ' : ''}mb-2 ${over ? 'is-over' : ''}`}
        onClick={() => input.current?.click()}
        onDragEnter={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        aria-describedby={helpId}
      >
        <span className="d-block fs-5 fw-semibold">{t('upload.choose')}</span>
        <span className="d-block">{t('upload.drop')}</span>
      </button>
      <input
        ref={input}
        type="file"
        accept={mediaAccept(limits, 'photosAndVideos')}
        multiple
        hidden
        data-testid={inputTestId}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <p id={helpId} className="small text-body-secondary">
        {limits
          ? t('upload.help', {
              kinds: acceptedKindsText(limits),
              limit: uploadLimitText(limits),
              videoKinds: acceptedVideoKindsText(limits),
              videoLimit: videoLimitText(limits),
            })
          : t('upload.helpNoLimit', {
              kinds: acceptedKindsText(limits),
              videoKinds: acceptedVideoKindsText(limits),
            })}
        {more && <> {more}</>}
      </p>
    </>
  );
}

/** While `active`, a file dropped beside the zone does not replace the page with the image. */
export function useNoDropOnPage(active = true) {
  useEffect(() => {
    if (!active) return;
    const prevent = (event: Event) => event.preventDefault();
    window.addEventListener('dragover', prevent);
    window.addEventListener('drop', prevent);
    return () => {
      window.removeEventListener('dragover', prevent);
      window.removeEventListener('drop', prevent);
    };
  }, [active]);
}
