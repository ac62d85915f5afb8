import { describe, expect, it } from 'vitest';
import { batched } from './batch';

/** A write whose calls the test finishes by hand. */
function manualWrite() {
  const calls: { items: string[]; finish: (error?: Error) => void }[] = [];
  const write = (items: string[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ items, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { calls, write };
}

describe('batched writes', () => {
  it('writes a lone item at once, and what arrives meanwhile together, in order', async () => {
    const { calls, write } = manualWrite();
    const add = batched(write);
    const first = add('a');
    expect(calls.map((c) => c.items)).toEqual([['a']]);
    const rest = [add('b'), add('c'), add('d')];
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    await first;
    await Promise.resolve();
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c', 'd']]);
    let settled = false;
    void Promise.all(rest).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    calls[1]!.finish();
    await Promise.all(rest);
    // Idle again: the next item goes at once.
    void add('e');
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
    calls[2]!.finish();
  });

  it('fails only the items of a batch that failed, and goes on', async () => {
    const { calls, write } = manualWrite();
    const add = batched(write);
    const first = add('a');
    const second = add('b');
    calls[0]!.finish(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await Promise.resolve();
    const third = add('c');
    calls[1]!.finish();
    await expect(second).resolves.toBeUndefined();
    await Promise.resolve();
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b'], ['c']]);
    calls[2]!.finish();
    await expect(third).resolves.toBeUndefined();
  });

  it('is not stuck by a write that throws before it returns', async () => {
    let calls = 0;
    const add = batched<string>(() => {
      calls++;
      throw new Error('no connection');
    });
    await expect(add('a')).rejects.toThrow('no connection');
    await Promise.resolve();
    await expect(add('b')).rejects.toThrow('no connection');
    expect(calls).toBe(2);
  });
});
