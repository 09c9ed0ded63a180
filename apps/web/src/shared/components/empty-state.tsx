import type { ReactNode } from 'react';

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="text-center text-body-secondary my-5 px-3">{children}</div>;
}
