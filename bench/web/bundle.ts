/**
 * Browser budgets: builds the web app and reports the gzipped JS of the sign-in route (the entry chunk
 * and everything it imports statically) and of each lazily loaded route chunk, and of the whole app.
 * Fails (exit 1) when the sign-in route needs more than 150 KB or the whole app more than 560 KB
 * (KB = 1,024 bytes, gzip level 9 as a server would precompress).
 *
 *   npm run check:bundle [-- --json]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { buildWeb, type ChunkComposition } from './build-web';

// The whole app's budget (decision record 0036) leaves room for libraries that only their screen
// loads, the gate desk's code reader and the pass's QR code; the dashboard's charts are the app's own
// SVG (0082), not Recharts. What a phone loads first, the sign-in route, keeps its 150 KB.
export const BUNDLE_BUDGET = { signInKb: 150, totalKb: 560 };

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteChunk {
  route: string;
  files: string[];
  gzipKb: number;
  /** As served today: the server does not compress. */
  rawKb: number;
  /** The largest contributors in KB, after tree-shaking, before minifying and gzip. */
  largest?: { source: string; kb: number }[];
}
export interface BundleReport {
  signIn: RouteChunk;
  lazyRoutes: RouteChunk[];
  totalGzipKb: number;
  totalFiles: number;
  totalRawKb: number;
  budgets: { budget: string; valueKb: number; limitKb: number; holds: boolean }[];
  /** The files every first screen of a role area runs, and those of them without V8's compile hint. */
  compileOnLoad: { files: string[]; missing: string[] };
}

/** V8's explicit compile hint that the web build puts on them (apps/web/vite.config.ts). */
const COMPILE_ON_LOAD = '//# allFunctionsCalledOnLoad';

const kb = (bytes: number) => bytes / 1024;

/** The chunk keys a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function largest(composition: ChunkComposition | undefined, files: string[]) {
  const total: Record<string, number> = {};
  for (const file of files) {
    for (const [source, bytes] of Object.entries(composition?.[file] ?? {})) {
      total[source] = (total[source] ?? 0) + bytes;
    }
  }
  return Object.entries(total)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([source, bytes]) => ({ source, kb: Number(kb(bytes).toFixed(1)) }));
}

export function analyzeBundle(outDir: string, composition?: ChunkComposition): BundleReport {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gzip = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzip.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
      gzip.set(file, size);
    }
    return size;
  };
  const rawSize = (file: string) => statSync(join(outDir, file)).size;
  const jsFiles = (keys: Iterable<string>) =>
    [...new Set([...keys].map((k) => manifest[k]!.file))].filter((f) => f.endsWith('.js'));

  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('The web build has no entry chunk');
  const entryKeys = staticClosure(manifest, entryKey);
  const entryFiles = jsFiles(entryKeys);
  const signIn: RouteChunk = {
    route: '/ (sign-in: entry and its static imports)',
    files: entryFiles,
    gzipKb: kb(entryFiles.reduce((sum, f) => sum + sizeOf(f), 0)),
    rawKb: kb(entryFiles.reduce((sum, f) => sum + rawSize(f), 0)),
    largest: largest(composition, entryFiles),
  };

  const lazyRoutes = Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry)
    .map((k) => {
      const files = jsFiles([...staticClosure(manifest, k)].filter((c) => !entryKeys.has(c)));
      return {
        route: manifest[k]!.src ?? k,
        files,
        gzipKb: kb(files.reduce((sum, f) => sum + sizeOf(f), 0)),
        rawKb: kb(files.reduce((sum, f) => sum + rawSize(f), 0)),
      };
    })
    .sort((a, b) => b.gzipKb - a.gzipKb);

  const areasKey = Object.keys(manifest).find((k) => manifest[k]!.src === 'src/app/areas.tsx');
  if (!areasKey) throw new Error('The web build has no chunk for src/app/areas.tsx');
  const onLoad = [...new Set([manifest[entryKey]!.file, ...jsFiles(staticClosure(manifest, areasKey))])];
  const hinted = (file: string) => readFileSync(join(outDir, file), 'utf8').startsWith(COMPILE_ON_LOAD);

  const assets = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
  const totalGzipKb = kb(assets.reduce((sum, f) => sum + sizeOf(`assets/${f}`), 0));
  return {
    signIn,
    lazyRoutes,
    totalGzipKb,
    totalFiles: assets.length,
    totalRawKb: kb(assets.reduce((sum, f) => sum + rawSize(`assets/${f}`), 0)),
    budgets: [
      {
        budget: 'sign-in route JS ≤ 150 KB gzipped',
        valueKb: signIn.gzipKb,
        limitKb: BUNDLE_BUDGET.signInKb,
        holds: signIn.gzipKb <= BUNDLE_BUDGET.signInKb,
      },
      {
        budget: `whole app JS ≤ ${BUNDLE_BUDGET.totalKb} KB gzipped`,
        valueKb: totalGzipKb,
        limitKb: BUNDLE_BUDGET.totalKb,
        holds: totalGzipKb <= BUNDLE_BUDGET.totalKb,
      },
    ],
    compileOnLoad: { files: onLoad, missing: onLoad.filter((file) => !hinted(file)) },
  };
}

export function formatBundleReport(report: BundleReport): string {
  const rows = [report.signIn, ...report.lazyRoutes].map(
    (r) => `| ${r.route} | ${r.files.length} | ${r.gzipKb.toFixed(1)} | ${r.rawKb.toFixed(1)} |`,
  );
  return [
    '| route | JS files | gzipped KB | uncompressed KB |',
    '|---|--:|--:|--:|',
    ...rows,
    `| whole app | ${report.totalFiles} | ${report.totalGzipKb.toFixed(1)} | ${report.totalRawKb.toFixed(1)} |`,
    '',
    ...report.budgets.map((b) => `${b.holds ? '✓' : '✗'} ${b.budget}: ${b.valueKb.toFixed(1)} KB`),
    report.compileOnLoad.missing.length === 0
      ? `✓ V8's compile hint on the ${report.compileOnLoad.files.length} files every first screen runs`
      : `✗ V8's compile hint missing from ${report.compileOnLoad.missing.join(', ')}`,
    '',
    `largest parts of the sign-in route (KB after tree-shaking, before minifying and gzip): ${(
      report.signIn.largest ?? []
    )
      .map((l) => `${l.source} ${l.kb}`)
      .join(', ')}`,
  ].join('\n');
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const outDir = mkdtempSync(join(tmpdir(), 'campus-bundle-'));
  try {
    const composition = await buildWeb(ROOT, outDir);
    const report = analyzeBundle(outDir, composition);
    console.log(formatBundleReport(report));
    if (values.json) {
      const file = join(
        ROOT,
        'bench/results',
        `bundle-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
      );
      writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
      console.error(`results written to ${file}`);
    }
    if (!report.budgets.every((b) => b.holds) || report.compileOnLoad.missing.length > 0) {
      process.exitCode = 1;
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
