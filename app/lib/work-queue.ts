/**
 * Runs expensive work a bounded number of jobs at a time, first come first
 * served. With `maxWaiting`, a job that finds the wait list full is refused
 * at once with `whenFull()` instead of queueing without end.
 */
export function workQueue(options: { slots: number; maxWaiting?: number; whenFull?: () => Error }) {
  const { slots, maxWaiting = Infinity } = options;
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running < slots) running++;
    else if (waiting.length >= maxWaiting)
      throw options.whenFull?.() ?? new Error("Too much work is waiting");
    // The slot is handed over by the finishing job, so `running` stays counted.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
