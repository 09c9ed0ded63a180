import type { Album } from '@photo/contract';
import Button from 'react-bootstrap/Button';
import { useId } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useDownload } from '../../../shared/api/download';
import { AlbumIcon } from './album-icons';
import { useT } from '../../../i18n/i18n';

/**
 * The album page's "Download": the album's originals as one zip. The server makes the zip's
 * address; the button waits for it, then the browser downloads it. A refusal is said beside it.
 */
export function AlbumDownloadButton({ album }: { album: Album }) {
  const download = useDownload();
  const ids = useId();
  const t = useT();
  const empty = album.photoCount === 0;
  return (
    <>
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={download.isPending || empty}
        title={empty ? t('albums.download.none') : undefined}
        aria-describedby={download.isError ? `${ids}-error` : undefined}
        onClick={() => download.mutate({ albumId: album.id })}
      >
        {download.isPending ? (
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        ) : (
          <AlbumIcon name="download" />
        )}{' '}
        <span className="app-narrow-hidden">
          {t(download.isPending ? 'albums.download.preparing' : 'albums.download')}
        </span>
      </Button>
      {download.isError && (
        <p id={`${ids}-error`} role="alert" className="small text-danger mb-0 w-100 order-last">
          {t('albums.download.failed', { error: errorMessage(download.error) })}
        </p>
      )}
    </>
  );
}
