/**
 * Builds the web app into a folder of the bench's own (others may be building apps/web/dist), with
 * the app's vite.config.ts, and answers how many bytes (after tree-shaking, before minifying) each package adds to each chunk.
 * With `compress`, it also writes the .br and .gz files that `npm run build` puts beside each asset,
 * so that the server sends what it sends in production.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';

/** chunk file → package (or "app") → rendered bytes (tree-shaken, before minifying). */
export type ChunkComposition = Record<string, Record<string, number>>;

const packageOf = (id: string): string => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (match) return match[1]!;
  if (id.includes('/packages/contract/')) return '@campus/contract';
  return 'app';
};

export async function buildWeb(
  root: string,
  outDir: string,
  { compress = false }: { compress?: boolean } = {},
): Promise<ChunkComposition> {
  process.stderr.write(`▶ building the web app into ${outDir}\n`);
  const composition: ChunkComposition = {};
  const collector: Plugin = {
    name: 'campus-bench-composition',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const byPackage: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          byPackage[packageOf(id)] = (byPackage[packageOf(id)] ?? 0) + info.renderedLength;
        }
        composition[output.fileName] = byPackage;
      }
    },
  };
  await build({
    root: join(root, 'apps/web'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
    plugins: [collector],
  });
  if (compress) {
    const compressed = spawnSync(process.execPath, [join(root, 'apps/web/scripts/compress.mjs'), outDir], {
      stdio: 'inherit',
    });
    if (compressed.status !== 0) throw new Error('Compressing the web build failed');
  }
  return composition;
}
