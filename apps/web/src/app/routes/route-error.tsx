import { Component, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n';

/** Shown when a page fails to load or render (a new version was deployed, say). */
export function RouteError({ error }: { error: unknown }) {
  const t = useT();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main className="container-lg py-5 text-center">
      <h1>{t('layout.errorTitle')}</h1>
      <p className="lead">{t('layout.errorText')}</p>
      {detail && <p className="small text-body-secondary text-break">{detail}</p>}
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('layout.reload')}
        </button>
        <a href="/" className="btn btn-outline-secondary">
          {t('layout.goHome')}
        </a>
      </div>
    </main>
  );
}

interface RouteErrorBoundaryProps {
  /** The address shown: going to another one tries again. */
  locationKey: string;
  children: ReactNode;
}

/** Catches what a page throws while loading its code or rendering, and shows RouteError. */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  { error: unknown; locationKey: string }
> {
  override state = { error: undefined as unknown, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: { error: unknown; locationKey: string },
  ) {
    return props.locationKey === state.locationKey
      ? null
      : { error: undefined, locationKey: props.locationKey };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}
