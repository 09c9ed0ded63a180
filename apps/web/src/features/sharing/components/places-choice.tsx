import type { Album } from '@photo/contract';
import Form from 'react-bootstrap/Form';
import { useId } from 'react';
import { useUpdateAlbum } from '../../albums/api/update-album';
import { useT } from '../../../i18n/i18n';
import type { Outcome } from './link-facts';

/**
 * The owner's switch that shows the people an album is shared with, and its links, where the
 * owner's photos were taken (PUT albums {id, showPlaces}; off by default, decision 0081).
 */
export function PlacesChoice({ album, outcome }: { album: Album; outcome: Outcome }) {
  const updateAlbum = useUpdateAlbum();
  const id = useId();
  const t = useT();
  // The choice shows at once; it goes back if the server refuses it.
  const shown = updateAlbum.isPending
    ? Boolean(updateAlbum.variables.showPlaces)
    : (album.showPlaces ?? false);
  return (
    <div className="mb-4">
      <Form.Check
        type="switch"
        id={id}
        label={t('sharing.places')}
        checked={shown}
        disabled={updateAlbum.isPending}
        aria-describedby={`${id}-help`}
        onChange={(event) => {
          outcome.starts();
          updateAlbum.mutate(
            { id: album.id, showPlaces: event.target.checked },
            { onError: outcome.failed },
          );
        }}
      />
      <p id={`${id}-help`} className="small text-body-secondary mt-1 mb-0">
        {t('sharing.places.help')}
      </p>
    </div>
  );
}
