/** A counting semaphore: at most `slots` of the functions given to `run` are running at once. */
export function limiter(slots: number): { run<T>(task: () => Promise<T>): Promise<T> } {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      // A finished task hands its slot straight to the next waiter, so none is taken in between.
      if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
