/** A request's logger: made only when a line is written, and then the same as pino's own child. */
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './lazy-logger';

function parentAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const parent = pino(
    { level },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { parent, lines };
}

describe('lazyChildLogger', () => {
  it('writes lines at enabled levels with the request bindings, and drops the others', () => {
    const { parent, lines } = parentAt('warn');
    const log = lazyChildLogger(parent, { reqId: 'req-7' });
    log.info('not written');
    log.warn({ route: '/api/x' }, 'slow answer');
    log.error('failed');
    expect(lines.map((l) => [l.reqId, l.msg, l.route])).toEqual([
      ['req-7', 'slow answer', '/api/x'],
      ['req-7', 'failed', undefined],
    ]);
  });

  it('makes no child logger for a request that writes nothing', () => {
    const { parent } = parentAt('warn');
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLogger(parent, { reqId: 'req-8' });
    log.info('dropped');
    log.debug('dropped');
    expect(child).not.toHaveBeenCalled();
    log.warn('written');
    log.warn('written again');
    expect(child).toHaveBeenCalledTimes(1);
  });

  it('follows a level set on it, and its own children keep the bindings', () => {
    const { parent, lines } = parentAt('warn');
    const log = lazyChildLogger(parent, { reqId: 'req-9' });
    expect(log.level).toBe('warn');
    log.level = 'info';
    log.info('now written');
    log.child({ step: 'save' }).info('nested');
    expect(lines.map((l) => [l.reqId, l.msg, l.step])).toEqual([
      ['req-9', 'now written', undefined],
      ['req-9', 'nested', 'save'],
    ]);
  });
});
