import { useT } from '../../i18n/i18n';

/** A spinner that says what is loading to people who cannot see it. */
export function LoadingState({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="d-flex justify-content-center my-5">
      <div role="status" className="spinner-border text-primary">
        <span className="visually-hidden">{label ?? t('common.loading')}</span>
      </div>
    </div>
  );
}
