import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { clientConfigQuery } from '../../../shared/api/client-config';

const TwoStepSettings = lazy(() =>
  import('./two-step-settings').then((m) => ({ default: m.TwoStepSettings })),
);

/**
 * Whether the account settings offer two-step verification: only with the embedded identity
 * service, whose recovery codes it uses. A server that does not say which identity service it
 * uses runs the embedded one. Undefined until the server's settings are read.
 */
export function useTwoStepOffered(): boolean | undefined {
  const config = useQuery(clientConfigQuery);
  // Settings that could not be read say nothing: the embedded service, as when they do not say.
  // (A failed read tried again is pending, without data: still read once, so still offered.)
  if (!config.isFetched) return undefined;
  return config.data?.identity?.embedded ?? true;
}

/**
 * Two-step verification in the account settings, its code loaded when shown (the QR code's
 * library comes with it). It suspends the settings' boundary meanwhile, so that they appear whole.
 */
export function TwoStepSection() {
  if (!useTwoStepOffered()) return null;
  return (
    <>
      <hr className="my-0" />
      <TwoStepSettings />
    </>
  );
}
