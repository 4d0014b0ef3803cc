/** Runs `work` over `items`, `width` at a time, results in the order of `items`: many CLI runs without overloading two cores. */
export async function pool<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  }));
  return results;
}
