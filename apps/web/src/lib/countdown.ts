/**
 * A countdown that can be held: while anything holds it (the pointer resting on a toast, the keyboard
 * inside it) it stands still, and when the last hold lets go it runs on from where it stopped, with at
 * least `resumeAtLeast` to go, so the user who let go still has a moment to act.
 */
export interface Countdown {
  hold(reason: string): void;
  release(reason: string): void;
  /** Stops it for good: `done` is never called. */
  cancel(): void;
}

export function countdown(ms: number, done: () => void, resumeAtLeast = 0): Countdown {
  const holds = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deadline = 0;
  let left = ms;
  let over = false;

  const run = (after: number) => {
    deadline = Date.now() + after;
    timer = setTimeout(() => {
      over = true;
      done();
    }, after);
  };
  run(ms);

  return {
    hold(reason) {
      if (over) return;
      holds.add(reason);
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      left = Math.max(0, deadline - Date.now());
    },
    release(reason) {
      if (over || !holds.delete(reason) || holds.size > 0 || timer !== undefined) return;
      run(Math.min(ms, Math.max(left, resumeAtLeast)));
    },
    cancel() {
      over = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
