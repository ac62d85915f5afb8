/**
 * Which of a scenario's reads the read cache answers at all. Its hit rate counts only the reads that
 * ask it, so a route that never does (it reads the database every time) leaves the rate untouched:
 * each kind's first read is sent twice, and the second either hits the cache or asks it nothing.
 */
import type { BenchRequest } from './load';
import { call } from './scenarios';

interface Counts {
  hits: number;
  misses: number;
}

export interface CacheUse {
  /** Kinds whose repeated read was answered from memory. */
  fromMemory: string[];
  /** Kinds whose read never asked the cache: the database answers every one. */
  uncached: string[];
  /** Of the scenario's requests, the share of each: reads from memory, uncached reads, writes. */
  shares: { fromMemory: number; uncached: number; writes: number };
}

async function answerCounts(port: number, adminToken: string): Promise<Counts> {
  const { status, json } = await call(port, 'GET', '/api/health/cache', adminToken);
  if (status !== 200) throw new Error(`/api/health/cache answered ${status}`);
  return (json as { answers: Counts }).answers;
}

async function send(port: number, r: BenchRequest): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${r.path}`, { headers: r.headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${r.method} ${r.path} answered ${res.status}`);
}

/** Sorts the kinds of `requests` by whether the cache answers them (the server must be idle). */
export async function cacheUse(
  port: number,
  adminToken: string,
  requests: readonly BenchRequest[],
): Promise<CacheUse> {
  const firstOf = new Map<string, BenchRequest>();
  for (const r of requests) if (r.kind && !firstOf.has(r.kind)) firstOf.set(r.kind, r);
  const fromMemory: string[] = [];
  const uncached: string[] = [];
  for (const [kind, r] of firstOf) {
    if (r.method !== 'GET') continue;
    await send(port, r);
    const before = await answerCounts(port, adminToken);
    await send(port, r);
    const after = await answerCounts(port, adminToken);
    if (after.hits + after.misses === before.hits + before.misses) uncached.push(kind);
    else if (after.hits > before.hits) fromMemory.push(kind);
  }
  const count = (test: (r: BenchRequest) => boolean) =>
    requests.filter(test).length / Math.max(1, requests.length);
  return {
    fromMemory,
    uncached,
    shares: {
      fromMemory: count((r) => fromMemory.includes(r.kind ?? '')),
      uncached: count((r) => uncached.includes(r.kind ?? '')),
      writes: count((r) => r.method !== 'GET'),
    },
  };
}
