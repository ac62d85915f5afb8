import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dataDir = mkdtempSync(join(tmpdir(), 'campus-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const trustProxyOf = (value?: string) =>
  loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'x'.repeat(32),
    ...(value === undefined ? {} : { TRUST_PROXY: value }),
  }).trustProxy;

describe('TRUST_PROXY', () => {
  it('believes no proxy unless told, then every proxy, those at the given addresses or a number of hops', () => {
    expect(trustProxyOf()).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    const twoHops = trustProxyOf('2');
    expect(typeof twoHops).toBe('function');
    if (typeof twoHops === 'function') {
      expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    }
  });
});
