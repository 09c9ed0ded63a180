import Spinner from 'react-bootstrap/Spinner';

/** A spinner that says what is loading to people who cannot see it. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center my-5">
      <Spinner animation="border" role="status" variant="primary">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}
