/** A spinner that says what is loading to people who cannot see it. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center my-5">
      <div role="status" className="spinner-border text-primary">
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}
