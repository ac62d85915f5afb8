import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { DEFAULT_POOL_SIZE } from './db/index';
import { instanceStreamCap, openFilesLimit } from './features/notifications/stream-capacity';

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

describe('QUERY_LIMIT, GATEPASS_LIMIT, LEAVE_LIMIT, GATE_LIMIT, WRITE_LIMIT, SUPPORT_LIMIT', () => {
  const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };

  it('turns email on only with SMTP_URL and MAIL_FROM, and then needs PUBLIC_URL for the links', () => {
    expect(loadConfig(base).mail).toEqual({ smtpUrl: undefined, from: undefined, publicUrl: undefined });
    const mail = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'portal@campus.example.edu' };
    expect(() => loadConfig({ ...base, ...mail })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...base, ...mail, PUBLIC_URL: 'https://portal.example.edu' }).mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'portal@campus.example.edu',
      publicUrl: 'https://portal.example.edu',
    });
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });

  it('allows 10 queries, 5 gate passes, 5 leave applications, 3,600 gate desk moves, 600 other writes and 10 support messages an hour unless told', () => {
    expect(loadConfig(base).writeLimits).toEqual({
      queries: 10,
      gatePasses: 5,
      leave: 5,
      gate: 3600,
      other: 600,
      support: 10,
    });
    expect(
      loadConfig({
        ...base,
        QUERY_LIMIT: '3',
        GATEPASS_LIMIT: '2',
        LEAVE_LIMIT: '4',
        GATE_LIMIT: '9000',
        WRITE_LIMIT: '5000',
        SUPPORT_LIMIT: '50',
      }).writeLimits,
    ).toEqual({ queries: 3, gatePasses: 2, leave: 4, gate: 9000, other: 5000, support: 50 });
  });

  it('refuses a limit that is not a whole number of at least 1, naming the variable', () => {
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ ...base, QUERY_LIMIT: value })).toThrow(/QUERY_LIMIT/);
    }
  });
});

describe('STREAMS_PER_ACCOUNT, STREAMS_PER_ADDRESS, STREAMS_PER_INSTANCE, STREAMS_MEMORY_MB', () => {
  const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };

  it('holds 5 streams an account and 500 an address unless told, and as many on the instance as told', () => {
    const defaults = loadConfig(base).streamLimits;
    expect(defaults).toMatchObject({ perAccount: 5, perAddress: 500 });
    expect(defaults.perInstance).toBeGreaterThan(defaults.perAccount);
    expect(
      loadConfig({
        ...base,
        STREAMS_PER_ACCOUNT: '2',
        STREAMS_PER_ADDRESS: '40',
        STREAMS_PER_INSTANCE: '900',
      }).streamLimits,
    ).toEqual({ perAccount: 2, perAddress: 40, perInstance: 900 });
  });

  it('derives the instance cap from the memory budget when that is the smaller bound', () => {
    // 8 MB at 32 KB a stream; the open-files limit of any test machine allows more.
    expect(loadConfig({ ...base, STREAMS_MEMORY_MB: '8' }).streamLimits.perInstance).toBe(256);
  });

  it('refuses a bound that is not a whole number of at least 1, naming the variable', () => {
    for (const name of [
      'STREAMS_PER_ACCOUNT',
      'STREAMS_PER_ADDRESS',
      'STREAMS_PER_INSTANCE',
      'STREAMS_MEMORY_MB',
    ]) {
      for (const value of ['0', '-1', '2.5', 'many']) {
        expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(name));
      }
    }
  });
});

describe('the instance cap on live update streams', () => {
  it('leaves a reserve of open files for everything else: a tenth, at least 256, at most half', () => {
    const huge = 1e12;
    expect(instanceStreamCap({ openFiles: 20_000, memoryBudget: huge })).toBe(18_000);
    expect(instanceStreamCap({ openFiles: 1024, memoryBudget: huge })).toBe(768);
    expect(instanceStreamCap({ openFiles: 256, memoryBudget: huge })).toBe(128);
    // Unknown (not Linux): the usual soft limit is assumed.
    expect(instanceStreamCap({ openFiles: undefined, memoryBudget: huge })).toBe(768);
  });

  it('reads the soft open-files limit the way /proc/self/limits states it', () => {
    const limits = (soft: string) =>
      `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                20000                files\n`;
    expect(openFilesLimit(limits('20000'))).toBe(20_000);
    expect(openFilesLimit(limits('unlimited'))).toBeUndefined();
    expect(openFilesLimit('')).toBeUndefined();
  });
});

describe('CAMPUS_LOCALE', () => {
  const localeOf = (value?: string) =>
    loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(32),
      ...(value === undefined ? {} : { CAMPUS_LOCALE: value }),
    }).locale;

  it('writes dates and numbers the Indian way unless told another language and region', () => {
    expect(localeOf()).toBe('en-IN');
    expect(localeOf('en-GB')).toBe('en-GB');
  });

  it('refuses what is not a language and region, naming the variable', () => {
    expect(() => localeOf('english')).toThrow(/CAMPUS_LOCALE/);
  });
});

describe('METRICS_ALLOW and DRAIN_SECONDS', () => {
  const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };
  it('allows loopback by default, the addresses and ranges given, or nobody', () => {
    expect(loadConfig(base).metricsAllow).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ ...base, METRICS_ALLOW: '10.0.0.0/8, fd00::/8,192.0.2.7' }).metricsAllow).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.7',
    ]);
    expect(loadConfig({ ...base, METRICS_ALLOW: 'none' }).metricsAllow).toEqual([]);
    expect(loadConfig(base).drainSeconds).toBe(20);
  });

  it('names an entry that is not an address or a range', () => {
    expect(() => loadConfig({ ...base, METRICS_ALLOW: 'prometheus.local' })).toThrow(
      /METRICS_ALLOW: prometheus.local is not an IP address/,
    );
    expect(() => loadConfig({ ...base, METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/prefix must be 0 to 32/);
    expect(() => loadConfig({ ...base, DRAIN_SECONDS: '0' })).toThrow(/DRAIN_SECONDS/);
  });
});

describe('DATABASE_POOL_SIZE', () => {
  const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };

  it(`opens at most ${DEFAULT_POOL_SIZE} PostgreSQL connections unless told`, () => {
    expect(loadConfig(base).databasePoolSize).toBe(DEFAULT_POOL_SIZE);
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
  });

  it('refuses a size that is not a whole number from 2 to 200, naming the variable', () => {
    for (const value of ['1', '0', '2.5', '201', 'many']) {
      expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
