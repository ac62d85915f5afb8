import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue';

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('WorkQueue', () => {
  it('runs as many at once as allowed, keeps as many waiting, and refuses the next with 503', async () => {
    const queue = new WorkQueue(1, 1, 'busy');
    const first = gate();
    const order: string[] = [];
    const a = queue.run(async () => (await first.opened, order.push('a')));
    const b = queue.run(async () => order.push('b'));
    await expect(queue.run(async () => order.push('c'))).rejects.toMatchObject({
      statusCode: 503,
      message: 'busy',
      headers: { 'retry-after': '1' },
    });
    first.open();
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b']);
  });

  it('takes urgent jobs while the ordinary line is full, and runs them first', async () => {
    const queue = new WorkQueue(1, 2, 'busy');
    const first = gate();
    const order: string[] = [];
    const running = queue.run(async () => (await first.opened, order.push('running')));
    const ordinary = [
      queue.run(async () => order.push('guess 1')),
      queue.run(async () => order.push('guess 2')),
    ];
    await expect(queue.run(async () => order.push('guess 3'))).rejects.toMatchObject({ statusCode: 503 });
    const known = queue.run(async () => order.push('known'), { urgent: true });
    first.open();
    await Promise.all([running, known, ...ordinary]);
    expect(order).toEqual(['running', 'known', 'guess 1', 'guess 2']);
  });

  it('says in advance whether a job would be refused', async () => {
    const queue = new WorkQueue(1, 0, 'busy');
    expect(() => queue.admit()).not.toThrow();
    const first = gate();
    const running = queue.run(() => first.opened);
    expect(() => queue.admit()).toThrow('busy');
    first.open();
    await running;
    expect(() => queue.admit()).not.toThrow();
  });

  it('frees its slot when a job fails', async () => {
    const queue = new WorkQueue(1, 0, 'busy');
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
