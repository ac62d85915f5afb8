/**
 * Runs work one piece at a time, in the order asked. A listening PostgreSQL connection is shared by
 * timers and notification handlers; `pg` queues a second query on a busy client but warns that doing
 * so is deprecated, so each query on it waits its turn here.
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  };
}
