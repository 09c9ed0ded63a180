import { ALBUM_NAME_MAX, type Album } from '@photo/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useState, type FormEvent } from 'react';
import { useUpdateAlbum } from '../api/update-album';
import { useT } from '../../../i18n/i18n';

interface RenameAlbumFormProps {
  album: Album;
  onDone: () => void;
}

/** Inline form that renames an album (PUT albums {id, name}). */
export function RenameAlbumForm({ album, onDone }: RenameAlbumFormProps) {
  const updateAlbum = useUpdateAlbum();
  const [name, setName] = useState(album.name);
  const t = useT();
  const trimmed = name.trim();
  const canSave = trimmed.length > 0 && trimmed !== album.name && !updateAlbum.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSave) return;
    updateAlbum.mutate({ id: album.id, name: trimmed }, { onSuccess: onDone });
  };

  return (
    <Form onSubmit={onSubmit} className="d-flex flex-wrap align-items-end gap-2 mb-3" noValidate>
      <Form.Group controlId="rename-album" className="flex-grow-1" style={{ maxWidth: 400 }}>
        <Form.Label>{t('albums.rename.label')}</Form.Label>
        <Form.Control
          type="text"
          value={name}
          maxLength={ALBUM_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          disabled={updateAlbum.isPending}
          autoFocus
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
        />
      </Form.Group>
      <Button type="submit" variant="primary" disabled={!canSave}>
        {t(updateAlbum.isPending ? 'albums.saving' : 'albums.save')}
      </Button>
      <Button variant="secondary" onClick={onDone} disabled={updateAlbum.isPending}>
        {t('albums.cancel')}
      </Button>
    </Form>
  );
}
