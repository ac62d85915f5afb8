// Bundles the server (and the shared contract) into dist/; npm packages stay external.
import { build } from 'esbuild';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

const outdir = resolve(process.env.SERVER_OUT_DIR ?? 'dist');

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  banner: { js: '#!/usr/bin/env node' },
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@campus/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});

// A bundle built outside the repository still finds the repository's packages.
const modules = join(outdir, 'node_modules');
if (!outdir.startsWith(resolve('../..')) && !existsSync(modules)) {
  mkdirSync(outdir, { recursive: true });
  symlinkSync(resolve('../../node_modules'), modules);
}
