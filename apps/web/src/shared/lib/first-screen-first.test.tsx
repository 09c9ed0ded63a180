import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as FirstScreenFirst from './first-screen-first';

// What a list did since the page loaded is kept in the module: these tests start from a page just
// loaded, whatever test files ran before in the same worker.
let useFirstScreenFirst: typeof FirstScreenFirst.useFirstScreenFirst;
beforeAll(async () => {
  vi.resetModules();
  ({ useFirstScreenFirst } = await import('./first-screen-first'));
});

const items = Array.from({ length: 30 }, (_, i) => `item ${i + 1}`);

function List({ committed }: { committed: number[] }) {
  const shown = useFirstScreenFirst(items, 8);
  useEffect(() => {
    committed.push(shown.length);
  }, [shown, committed]);
  return (
    <ul>
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

describe('useFirstScreenFirst', () => {
  it('shows the first screen first on the page’s first list, then every item', async () => {
    const committed: number[] = [];
    const view = render(<List committed={committed} />);
    expect(await screen.findByText('item 30')).toBeInTheDocument();
    expect(committed).toEqual([8, 30]);
    view.unmount();
  });

  it('shows every item at once afterwards, as when going back to a list', () => {
    const committed: number[] = [];
    render(<List committed={committed} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
    expect(committed).toEqual([30]);
  });
});
