/**
 * What a bench run measured, its budgets, and the tables it prints (bench/run.ts runs it). A quick
 * run fails only on a collapse (`COLLAPSE`); a full run on any budget missed.
 */
import type { CacheUse } from './cache-use';
import { kindsAloneTable, type KindAlone } from './kinds-alone';
import type { KindResult } from './load';
import type { Campus, ScenarioKind } from './scenarios';

export const BUDGET = {
  ratio: 0.4,
  p99Ms: 50,
  markP50Ms: 30,
  largeOverDemo: 1.5,
  rssMb: 300,
  /** The realistic mix, as a share of bare node:http answering the same requests. */
  mixRatio: { sqlite: 0.25, postgres: 0.2 },
  /** Every list route's first page with the read cache off. */
  coldP50Ms: { sqlite: 5, postgres: 10 },
};

/** The ctx.quick run's coarse budgets: each a tenth (or ten times) of the full run's, or more. */
export const COLLAPSE = { p99Ms: 1000, mixRatio: 0.02, coldP50Ms: 100, rssMb: 1000 };

/** What of a ctx.quick run shows a collapse rather than a slow machine: an error, or a budget missed tenfold. */
export function collapsed(runs: readonly CampusRun[], ctx: ReportContext): string[] {
  const problems: string[] = [];
  for (const run of runs) {
    const at = (name: string) => `${run.database} ${ctx.label[run.campus]} ${name}`;
    for (const s of run.scenarios) {
      if (s.non2xx + s.errors > 0) problems.push(`${at(s.name)}: ${s.non2xx} non-2xx, ${s.errors} errors`);
      if (s.p99 > COLLAPSE.p99Ms) problems.push(`${at(s.name)}: p99 ${s.p99.toFixed(0)} ms`);
      if (s.rssMb > COLLAPSE.rssMb) problems.push(`${at(s.name)}: RSS ${s.rssMb.toFixed(0)} MB`);
      if (s.name === 'mix' && s.ratio !== undefined && s.ratio < COLLAPSE.mixRatio) {
        problems.push(`${at(s.name)}: ${(s.ratio * 100).toFixed(1)} % of bare node:http`);
      }
    }
    for (const c of run.cold) {
      if (c.p50 > COLLAPSE.coldP50Ms) problems.push(`${at(c.route)}: cold p50 ${c.p50.toFixed(1)} ms`);
    }
  }
  return problems;
}

export interface Measured {
  rps: number;
  /** CPU time the server process spent per request (user + system): steadier than rates on a busy machine. */
  cpuUsPerRequest: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The mean answer's size, head and body (bare node:http answers the same mean). */
  bytesPerAnswer: number;
  /** The slowest first answer on a new connection, not in p50 and p99 (decision record 0095). */
  firstAnswerMaxMs?: number;
  byKind?: Record<string, KindResult>;
}
/** Of the reads in a measured run, the share answered from memory: sessions, and every other read. */
export interface HitRates {
  sessions: number;
  answers: number;
}
export interface CacheStats {
  sessions: { hits: number; misses: number };
  answers: { hits: number; misses: number };
}
/** PostgreSQL's connection pool over a measured run, from the server's /metrics. */
export interface PoolUse {
  /** Connections taken from the pool per request answered. */
  acquiresPerRequest: number;
  /** How long a taker waited for one, on average. */
  waitMsPerAcquire: number;
  /** CPU the local PostgreSQL server's processes used per request answered. */
  databaseCpuUsPerRequest: number;
}
export interface ScenarioResult extends Measured {
  hitRates?: HitRates;
  /** Which kinds the read cache answers at all (the mix), and their shares of the requests. */
  cacheUse?: CacheUse;
  /** `--kinds-alone`: each kind of the mix alone on one connection, and its share of the mix's CPU. */
  kindsAlone?: KindAlone[];
  pool?: PoolUse;
  name: string;
  title: string;
  kind: ScenarioKind;
  connections: number;
  rssMb: number;
  loadavg: number;
  bare?: Measured;
  ratio?: number;
}
/** One list route's first page, read one request at a time with the read cache off. */
export interface ColdResult {
  route: string;
  requests: number;
  p50: number;
  p99: number;
  loadavg: number;
}
export interface CampusRun {
  database: 'sqlite' | 'postgres';
  campus: Campus;
  prepareSeconds: number;
  idleRssMb: number;
  scenarios: ScenarioResult[];
  cold: ColdResult[];
}
export interface Budget {
  /** As printed: "38 %", "12.0 ms", "1.20 ×". */
  shown: string;
  database: string;
  budget: string;
  scenario: string;
  value: number;
  limit: number;
  holds: boolean;
}

/** What the tables say of the run itself: its kind, connections and each campus's size in words. */
export interface ReportContext {
  quick: boolean;
  connections: number;
  databases: readonly ('sqlite' | 'postgres')[];
  label: Record<Campus, string>;
}

export function budgets(runs: CampusRun[], ctx: ReportContext): Budget[] {
  const out: Budget[] = [];
  for (const database of ctx.databases) {
    const add = (
      budget: string,
      scenario: string,
      value: number,
      limit: number,
      holds: boolean,
      shown: string,
    ) => out.push({ database, budget, scenario, value, limit, holds, shown });
    // The realistic mix and the cold table: on the 20,000-student campus (1,000 in a ctx.quick run).
    const campus = runs.find((r) => r.database === database && r.campus === (ctx.quick ? 'small' : 'large'));
    const mix = campus?.scenarios.find((s) => s.name === 'mix');
    if (mix) {
      const at = `mix (${ctx.label[campus!.campus]})`;
      const limit = BUDGET.mixRatio[database];
      if (mix.ratio !== undefined) {
        const shown = `${(mix.ratio * 100).toFixed(1)} %`;
        add(`≥ ${limit * 100} % of bare node:http`, at, mix.ratio, limit, mix.ratio >= limit, shown);
      }
      add('p99 ≤ 50 ms', at, mix.p99, BUDGET.p99Ms, mix.p99 <= BUDGET.p99Ms, `${mix.p99.toFixed(1)} ms`);
      const failed = mix.non2xx + mix.errors;
      add('no non-2xx answer or error', at, failed, 0, failed === 0, String(failed));
      add(
        'server RSS ≤ 300 MB',
        at,
        mix.rssMb,
        BUDGET.rssMb,
        mix.rssMb <= BUDGET.rssMb,
        `${mix.rssMb.toFixed(0)} MB`,
      );
    }
    for (const c of campus?.cold ?? []) {
      const limit = BUDGET.coldP50Ms[database];
      add(
        `cold first page p50 ≤ ${limit} ms`,
        c.route,
        c.p50,
        limit,
        c.p50 <= limit,
        `${c.p50.toFixed(2)} ms`,
      );
    }

    const primary = runs.find((r) => r.database === database && r.campus === (ctx.quick ? 'demo' : 'large'));
    const demo = runs.find((r) => r.database === database && r.campus === 'demo');
    if (!primary) continue;
    // The mix has budgets of its own; the mix on two instances is a check of the capacity model.
    const warm = primary.scenarios.filter((s) => s.name !== 'mix' && s.name !== 'mix-2-instances');
    for (const s of warm) {
      if (s.kind === 'read' && s.ratio !== undefined) {
        const ok = s.ratio >= BUDGET.ratio;
        add('≥ 40 % of bare node:http', s.name, s.ratio, BUDGET.ratio, ok, `${(s.ratio * 100).toFixed(0)} %`);
      }
      if (s.name !== 'mark-changing-alone') {
        add(
          'p99 ≤ 50 ms at 50 ctx.connections',
          s.name,
          s.p99,
          BUDGET.p99Ms,
          s.p99 <= BUDGET.p99Ms,
          `${s.p99.toFixed(1)} ms`,
        );
      }
      if (s.name === 'mark-changing' || s.name === 'mark-changing-alone') {
        const ok = s.p50 <= BUDGET.markP50Ms;
        add('mark p50 ≤ 30 ms', s.name, s.p50, BUDGET.markP50Ms, ok, `${s.p50.toFixed(1)} ms`);
      }
      const base = demo?.scenarios.find((d) => d.name === s.name);
      if (s.kind === 'read' && !ctx.quick && base) {
        const factor = s.p50 / base.p50;
        const ok = factor <= BUDGET.largeOverDemo;
        add(
          '20,000 p50 ≤ 1.5 × demo p50',
          s.name,
          factor,
          BUDGET.largeOverDemo,
          ok,
          `${factor.toFixed(2)} ×`,
        );
      }
    }
    if (warm.length > 0) {
      const peak = Math.max(...warm.map((s) => s.rssMb));
      add('server RSS ≤ 300 MB', 'peak', peak, BUDGET.rssMb, peak <= BUDGET.rssMb, `${peak.toFixed(0)} MB`);
      const failed = warm.filter((s) => s.non2xx + s.errors > 0);
      const names = failed.map((s) => s.name).join(', ');
      add('no non-2xx answer or error under load', names || 'all', failed.length, 0, !names, names || 'none');
    }
  }
  return out;
}

/** The mix's requests by kind: how many, and their p50 and p99. */
export function kindTable(runs: CampusRun[], ctx: ReportContext): string {
  const lines: string[] = [];
  for (const run of runs) {
    const mix = run.scenarios.find((s) => s.name === 'mix');
    if (!mix?.byKind) continue;
    const use = mix.cacheUse;
    const answeredBy = (kind: string) =>
      !use ? '' : use.fromMemory.includes(kind) ? 'memory' : use.uncached.includes(kind) ? 'database' : '';
    lines.push(`\nmix (${ctx.label[run.campus]}) on ${run.database}, by request kind:`);
    lines.push(
      '| kind | requests | share | p50 ms | p99 ms | non-2xx | a repeated read from |',
      '|---|--:|--:|--:|--:|--:|---|',
    );
    const total = Object.values(mix.byKind).reduce((sum, k) => sum + k.requests, 0);
    for (const [kind, k] of Object.entries(mix.byKind).sort((a, b) => b[1].p50 - a[1].p50)) {
      lines.push(
        `| ${kind} | ${k.requests} | ${((k.requests / total) * 100).toFixed(0)} % | ${k.p50.toFixed(1)} | ${k.p99.toFixed(1)} | ${k.non2xx} | ${answeredBy(kind)} |`,
      );
    }
    if (use) {
      const { fromMemory, uncached, writes } = use.shares;
      lines.push(
        `of its requests: ${percent(fromMemory)} reads the cache answers, ${percent(uncached)} reads that never ask it, ${percent(writes)} writes; the cache hit rate (${percent(mix.hitRates?.answers)}) counts only the reads that ask it`,
      );
    }
    if (mix.bare) {
      lines.push(
        `mean answer ${mix.bytesPerAnswer.toFixed(0)} B, bare node:http's ${mix.bare.bytesPerAnswer.toFixed(0)} B, to the same requests from the same load generator`,
      );
    }
    if (mix.kindsAlone) {
      lines.push(`\neach kind of the mix alone (${ctx.label[run.campus]}, ${run.database}), 1 connection:`);
      lines.push(kindsAloneTable(mix.kindsAlone, mix.cpuUsPerRequest));
    }
  }
  return lines.join('\n');
}

/** Every list route's first page, cold, by database. */
export function coldTableText(runs: CampusRun[], ctx: ReportContext): string {
  const withCold = runs.filter((r) => r.cold.length > 0);
  if (withCold.length === 0) return '';
  const lines = [
    `\nfirst pages read cold (READ_CACHE=off, 1 connection), ${withCold.map((r) => `${r.database} ${ctx.label[r.campus]}`).join(', ')}: p50 / p99 ms`,
    `| route | ${withCold.map((r) => r.database).join(' | ')} |`,
    `|---|${withCold.map(() => '--:').join('|')}|`,
  ];
  for (const route of withCold[0]!.cold.map((c) => c.route)) {
    const cells = withCold.map((r) => {
      const c = r.cold.find((x) => x.route === route);
      return c ? `${c.p50.toFixed(2)} / ${c.p99.toFixed(2)}` : '';
    });
    lines.push(`| ${route} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

export const percent = (share: number | undefined) =>
  share === undefined || Number.isNaN(share)
    ? '–'
    : `${(share * 100).toFixed(share > 0.995 && share < 1 ? 1 : 0)} %`;

export function table(runs: CampusRun[], ctx: ReportContext): string {
  const header = [
    'database',
    'campus',
    'scenario',
    'req/s',
    'cache hits',
    'session hits',
    'p50 ms',
    'p99 ms',
    'CPU µs/req',
    'db CPU µs/req',
    'pool wait ms',
    'bare req/s',
    'bare CPU µs/req',
    'ratio',
    'RSS MB',
    'load',
  ];
  const rows = runs.flatMap((run) =>
    run.scenarios.map((s) => [
      run.database,
      ctx.label[run.campus],
      s.connections === ctx.connections ? s.name : `${s.name} (${s.connections} conn.)`,
      s.rps.toFixed(0),
      percent(s.hitRates?.answers),
      percent(s.hitRates?.sessions),
      s.p50.toFixed(1),
      s.p99.toFixed(1),
      s.cpuUsPerRequest.toFixed(0),
      s.pool ? s.pool.databaseCpuUsPerRequest.toFixed(0) : '',
      s.pool ? s.pool.waitMsPerAcquire.toFixed(1) : '',
      s.bare ? s.bare.rps.toFixed(0) : '',
      s.bare ? s.bare.cpuUsPerRequest.toFixed(0) : '',
      s.ratio === undefined ? '' : `${(s.ratio * 100).toFixed(0)} %`,
      s.rssMb.toFixed(0),
      s.loadavg.toFixed(1),
    ]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i < 3 ? `${'-'.repeat(w + 1)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}
