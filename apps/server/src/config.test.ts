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

describe('QUERY_LIMIT, GATEPASS_LIMIT, WRITE_LIMIT, SUPPORT_LIMIT', () => {
  const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };

  it('allows 10 queries, 5 gate passes, 600 other writes and 10 support messages an hour unless told', () => {
    expect(loadConfig(base).writeLimits).toEqual({ queries: 10, gatePasses: 5, other: 600, support: 10 });
    expect(
      loadConfig({
        ...base,
        QUERY_LIMIT: '3',
        GATEPASS_LIMIT: '2',
        WRITE_LIMIT: '5000',
        SUPPORT_LIMIT: '50',
      }).writeLimits,
    ).toEqual({ queries: 3, gatePasses: 2, other: 5000, support: 50 });
  });

  it('refuses a limit that is not a whole number of at least 1, naming the variable', () => {
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ ...base, QUERY_LIMIT: value })).toThrow(/QUERY_LIMIT/);
    }
  });
});
