/**
 * Runs at most `limit` tasks at a time. Waiting tasks are taken in turn from each key (a person):
 * one key's many tasks never make another key's single task wait behind all of them.
 */
export function createFairLimiter(limit: number) {
  let running = 0;
  // Keys in the order they get their next turn; each with its tasks, oldest first.
  const waiting = new Map<string, (() => void)[]>();

  /** Gives the finishing task's slot to the next key in line, after `finished` when it waits too. */
  const next = (finished: string) => {
    const again = waiting.get(finished);
    if (again && waiting.size > 1) {
      waiting.delete(finished);
      waiting.set(finished, again);
    }
    const [key, tasks] = waiting.entries().next().value ?? [];
    if (key === undefined || !tasks) {
      running -= 1;
      return;
    }
    const start = tasks.shift()!;
    // The key goes to the back of the line for its next task.
    waiting.delete(key);
    if (tasks.length > 0) waiting.set(key, tasks);
    start();
  };

  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (running >= limit) {
      // A finishing task hands its slot over directly.
      await new Promise<void>((resolve) => {
        const tasks = waiting.get(key);
        if (tasks) tasks.push(resolve);
        else waiting.set(key, [resolve]);
      });
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      next(key);
    }
  };
}
