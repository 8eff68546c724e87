// Bounded concurrency without a library: what a job runs over many items, a few at a time.

/** Runs `task` on every item, at most `limit` at a time, starting them in the items' order. */
export async function forEachLimit<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}
