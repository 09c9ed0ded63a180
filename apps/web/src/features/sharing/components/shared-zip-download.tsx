import Button from 'react-bootstrap/Button';
import { useState } from 'react';
import { apiRequest } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/api/api-error';
import { sharedPath, linkKeyHeaders } from '../api/shared-link';
import { AlbumIcon } from '../../albums/components/album-icons';
import { useT } from '../../../i18n/i18n';

/**
 * "Download all" of a share link: a plain link to the zip; for a protected link, whose key goes
 * in a header a link cannot carry, the zip is fetched with it and then saved.
 */
export function SharedZipDownload({ token }: { token: string }) {
  const headers = linkKeyHeaders(token);
  const t = useT();
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({
    busy: false,
    problem: null,
  });
  const href = `${sharedPath(token)}/download`;
  if (Object.keys(headers).length === 0) {
    return (
      <a href={href} download className="btn btn-outline-primary btn-sm">
        <AlbumIcon name="download" /> {t('albums.download.all')}
      </a>
    );
  }
  const download = async () => {
    setState({ busy: true, problem: null });
    try {
      const response = await apiRequest(href, { headers });
      const name =
        /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(
          response.headers.get('Content-Disposition') ?? '',
        )?.[1] ?? 'album.zip';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = decodeURIComponent(name);
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ busy: false, problem: null });
    } catch (error) {
      setState({
        busy: false,
        problem: t('albums.download.failed', { error: errorMessage(error) }),
      });
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={state.busy}
        onClick={() => void download()}
      >
        <AlbumIcon name="download" />{' '}
        {t(state.busy ? 'albums.download.preparing' : 'albums.download.all')}
      </Button>
      {state.problem && (
        <p className="small text-danger mb-0 w-100" role="alert">
          {state.problem}
        </p>
      )}
    </>
  );
}
