import Modal from 'react-bootstrap/Modal';
import type { ReactNode } from 'react';

/**
 * A centred dialog with its title as a heading; while its work is on its way (`busy`) it cannot be
 * closed (no close button, Escape and the backdrop do nothing).
 */
export function BusyModal({
  show,
  busy,
  onCancel,
  titleId,
  title,
  scrollable,
  children,
}: {
  show: boolean;
  busy: boolean;
  onCancel: () => void;
  titleId: string;
  title: ReactNode;
  scrollable?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      show={show}
      onHide={busy ? undefined : onCancel}
      centered
      scrollable={scrollable}
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton={!busy}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {children}
    </Modal>
  );
}
