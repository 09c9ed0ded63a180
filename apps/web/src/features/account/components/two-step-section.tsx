import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { clientConfigQuery } from '../../../shared/api/client-config';

const TwoStepSettings = lazy(() =>
  import('./two-step-settings').then((m) => ({ default: m.TwoStepSettings })),
);

/**
 * Two-step verification in the account settings, loaded when shown (the QR code's library comes
 * with it). Only with the embedded identity service, whose recovery codes it uses.
 */
export function TwoStepSection() {
  // A server that does not say which identity service it uses runs the embedded one.
  const config = useQuery(clientConfigQuery);
  const embedded = config.isError || (config.isSuccess && (config.data.identity?.embedded ?? true));
  if (!embedded) return null;
  return (
    <Suspense fallback={null}>
      <hr className="my-0" />
      <TwoStepSettings />
    </Suspense>
  );
}
