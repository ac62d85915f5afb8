/**
 * Where the mix's server time goes (`--kinds-alone`): each kind of request alone, one connection,
 * its server CPU a request; weighted by its share of the mix, each kind's share of the mix's CPU.
 * One connection, so that each figure is the request's own work and not its wait for others.
 */
import { runLoad, type BenchRequest } from './load';
import { cpuMs } from './processes';

export interface KindAlone {
  kind: string;
  /** Of the mix's requests, the share of this kind. */
  share: number;
  p50: number;
  cpuUsPerRequest: number;
  /** Of the mix's server CPU as the weighted sum predicts it, the share of this kind. */
  cpuShare: number;
}

export async function kindsAlone(
  driver: 'autocannon' | 'builtin',
  port: number,
  pid: number,
  requests: readonly BenchRequest[],
  seconds: number,
): Promise<KindAlone[]> {
  const kinds = [...new Set(requests.map((r) => r.kind ?? ''))];
  const out: KindAlone[] = [];
  for (const kind of kinds) {
    const alone = requests.filter((r) => (r.kind ?? '') === kind);
    await runLoad(driver, { port, connections: 1, seconds: 1, requests: alone });
    const before = cpuMs(pid);
    const r = await runLoad(driver, { port, connections: 1, seconds, requests: alone });
    if (r.non2xx + r.errors > 0) throw new Error(`${kind} alone: ${r.non2xx} non-2xx, ${r.errors} errors`);
    out.push({
      kind,
      share: alone.length / requests.length,
      p50: r.p50,
      cpuUsPerRequest: ((cpuMs(pid) - before) * 1000) / Math.max(1, r.requests),
      cpuShare: 0,
    });
  }
  const total = out.reduce((sum, k) => sum + k.share * k.cpuUsPerRequest, 0);
  for (const k of out) k.cpuShare = (k.share * k.cpuUsPerRequest) / total;
  return out.sort((a, b) => b.cpuShare - a.cpuShare);
}

/** The table of `kindsAlone`, and the mix's CPU a request as the weighted sum predicts it. */
export function kindsAloneTable(kinds: readonly KindAlone[], measuredCpuUs: number): string {
  const predicted = kinds.reduce((sum, k) => sum + k.share * k.cpuUsPerRequest, 0);
  return [
    "| kind | share of requests | alone: p50 ms | alone: server CPU µs/req | share of the mix's CPU |",
    '|---|--:|--:|--:|--:|',
    ...kinds.map(
      (k) =>
        `| ${k.kind} | ${(k.share * 100).toFixed(0)} % | ${k.p50.toFixed(2)} | ${k.cpuUsPerRequest.toFixed(0)} | ${(k.cpuShare * 100).toFixed(1)} % |`,
    ),
    `weighted by the mix: ${predicted.toFixed(0)} µs a request; the mix measured ${measuredCpuUs.toFixed(0)} µs`,
  ].join('\n');
}
