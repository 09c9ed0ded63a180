import { describe, expect, it } from 'vitest';
import { createFairLimiter } from './fair-limiter.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createFairLimiter', () => {
  it('takes turns between keys: a single task waits behind one of a batch, not all of it', async () => {
    const run = createFairLimiter(1);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        releases.push(resolve);
      });
    const batch = Array.from({ length: 5 }, (_, i) => run('alice', task(`alice-${i}`)));
    await tick();
    const single = run('bob', task('bob'));
    for (let i = 0; i < 6; i += 1) {
      await tick();
      releases.shift()?.();
    }
    await Promise.all([...batch, single]);
    expect(order).toEqual(['alice-0', 'bob', 'alice-1', 'alice-2', 'alice-3', 'alice-4']);
  });

  it('never runs more than its limit at once, runs every task, and goes on after a failure', async () => {
    const run = createFairLimiter(2);
    let running = 0;
    let most = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        run(`key-${i % 3}`, async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          if (i === 4) throw new Error('task 4 fails');
          return i;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(11);
    expect(results[4]).toMatchObject({ status: 'rejected' });
  });
});
