import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdown } from './countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('countdown', () => {
  it('calls done once its time has run out', () => {
    const done = vi.fn();
    countdown(5000, done);
    vi.advanceTimersByTime(4999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('stands still while held, and runs on from where it stopped', () => {
    const done = vi.fn();
    const clock = countdown(5000, done);
    vi.advanceTimersByTime(1000);
    clock.hold('pointer');
    vi.advanceTimersByTime(60_000);
    expect(done).not.toHaveBeenCalled();
    clock.release('pointer');
    vi.advanceTimersByTime(3999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('waits for every hold to let go', () => {
    const done = vi.fn();
    const clock = countdown(5000, done);
    clock.hold('pointer');
    clock.hold('focus');
    clock.release('pointer');
    vi.advanceTimersByTime(60_000);
    expect(done).not.toHaveBeenCalled();
    clock.release('focus');
    vi.advanceTimersByTime(5000);
    expect(done).toHaveBeenCalledOnce();
  });

  it('leaves at least the resume time after a hold taken near the end', () => {
    const done = vi.fn();
    const clock = countdown(5000, done, 2000);
    vi.advanceTimersByTime(4900);
    clock.hold('pointer');
    clock.release('pointer');
    vi.advanceTimersByTime(1999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('never calls done once cancelled, and ignores holds after it is over', () => {
    const done = vi.fn();
    const clock = countdown(5000, done);
    clock.cancel();
    clock.release('pointer');
    vi.advanceTimersByTime(10_000);
    expect(done).not.toHaveBeenCalled();

    const finished = vi.fn();
    const other = countdown(100, finished);
    vi.advanceTimersByTime(100);
    other.hold('pointer');
    other.release('pointer');
    vi.advanceTimersByTime(10_000);
    expect(finished).toHaveBeenCalledOnce();
  });
});
