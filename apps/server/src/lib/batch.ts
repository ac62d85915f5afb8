/**
 * Writes that arrive while one is under way go together in the next: `write` is called with the
 * first item at once, then with everything added meanwhile, in order, once it has finished. Each
 * item's promise settles with the write of its batch. Under load this turns fifty statements, fifty
 * round trips and fifty commits into a few; alone, an item waits for nothing.
 */
export function batched<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let busy = false;
  let next: { items: T[]; done: Promise<void>; settle: (error?: Error) => void } | undefined;

  const run = (items: T[]): Promise<void> => {
    busy = true;
    let written: Promise<void>;
    try {
      written = write(items);
    } catch (error) {
      // A write that throws before it returns its promise must not leave the queue stuck.
      written = Promise.reject(error instanceof Error ? error : new Error('the batch was not written'));
    }
    const then = () => {
      const waiting = next;
      next = undefined;
      if (!waiting) {
        busy = false;
        return;
      }
      run(waiting.items).then(
        () => waiting.settle(),
        (error: unknown) =>
          waiting.settle(
            error instanceof Error ? error : new Error('the batch was not written', { cause: error }),
          ),
      );
    };
    written.then(then, then);
    return written;
  };

  return (item) => {
    if (!busy) return run([item]);
    if (!next) {
      let settle!: (error?: Error) => void;
      const done = new Promise<void>((resolve, reject) => {
        settle = (error) => (error === undefined ? resolve() : reject(error));
      });
      next = { items: [], done, settle };
    }
    next.items.push(item);
    return next.done;
  };
}
