import type { TrashAlbum } from '@photo/contract';
import { useT } from '../../../i18n/i18n';
import { daysLeft } from '../lib/trash-groups';

/**
 * The albums of the caller's Trash, those without photos too (nothing else on the page shows
 * them): each restored, or deleted for good with its photos there, as one.
 */
export function TrashedAlbums({
  albums,
  now,
  busy,
  onRestore,
  onDelete,
}: {
  albums: readonly TrashAlbum[];
  now: number;
  busy: boolean;
  onRestore: (album: TrashAlbum) => void;
  onDelete: (album: TrashAlbum) => void;
}) {
  const t = useT();
  return (
    <section className="app-trash-group" aria-labelledby="trash-albums">
      <h2 id="trash-albums" className="h5 mb-2">
        {t('trash.albums.title')}
      </h2>
      <ul className="list-group">
        {albums.map((album) => (
          <li key={album.id} className="list-group-item app-trash-album">
            <div className="app-min-w-0 me-auto">
              <h3 className="h6 fw-semibold mb-0 text-truncate">{album.name}</h3>
              <p className="small text-body-secondary mb-0">
                {t('trash.albumCount', { count: album.photoCount })} ·{' '}
                {t('trash.daysLeft', { count: daysLeft(album.purgeAt, now) })}
              </p>
            </div>
            <div className="d-flex gap-2 flex-shrink-0">
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                disabled={busy}
                aria-label={t('trash.restoreNamed', { name: album.name })}
                onClick={() => onRestore(album)}
              >
                {t('trash.restore')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                disabled={busy}
                aria-label={t('trash.deleteNamed', { name: album.name })}
                onClick={() => onDelete(album)}
              >
                {t('trash.deleteForGood')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
