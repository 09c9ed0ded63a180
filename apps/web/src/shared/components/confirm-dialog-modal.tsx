import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ReactNode } from 'react';
import { BusyModal } from './busy-modal';
import { useT } from '../../i18n/i18n';

export interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The dialog of ConfirmDialog, loaded when one is first opened. */
export default function ConfirmDialogModal(props: ConfirmDialogProps) {
  const { show, title, children, confirmLabel, busy = false, onConfirm, onCancel } = props;
  const t = useT();
  return (
    <BusyModal show={show} busy={busy} onCancel={onCancel} titleId="confirm-title" title={title}>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? t('common.working') : confirmLabel}
        </Button>
      </Modal.Footer>
    </BusyModal>
  );
}
