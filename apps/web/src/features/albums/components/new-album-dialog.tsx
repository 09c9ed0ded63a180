import type { Album } from '@photo/contract';
import Modal from 'react-bootstrap/Modal';
import { BusyModal } from '../../../shared/components/busy-modal';
import { useT } from '../../../i18n/i18n';
import { NewAlbumForm } from './new-album-form';

/** "New album": a dialog asking the name of an album with no photo yet. Loaded when first opened. */
export default function NewAlbumDialog({
  show,
  onCreated,
  onCancel,
}: {
  show: boolean;
  onCreated: (album: Album) => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <BusyModal
      show={show}
      busy={false}
      onCancel={onCancel}
      titleId="new-album-title"
      title={t('albums.new.title')}
    >
      <Modal.Body>
        <NewAlbumForm onCreated={onCreated} onCancel={onCancel} />
      </Modal.Body>
    </BusyModal>
  );
}
