import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { PATHS } from '../../packages/contract/src/paths';

const server = process.env.API_ORIGIN ?? 'http://localhost:3000';
/** V8's hint that every function of a file is called as it loads: compile them all while it downloads. */
const COMPILE_ON_LOAD = '//# allFunctionsCalledOnLoad';
/** What only forms use: zod, @mantine/form, the date pickers. */
const FORM_CODE =
  /node_modules\/(zod|@mantine\/form|@mantine\/dates|dayjs)\/|src\/components\/day-input\.tsx/;
/** The date pickers, which a form shows at once, apart from the checks it needs only on Submit. */
const DATE_CODE = /node_modules\/(@mantine\/dates|dayjs)\/|src\/components\/day-input\.tsx/;
/** The contract's schemas: every module of it but the plain constants every screen reads. */
const SCHEMAS = /packages\/contract\/src\/(?!(constants|messages|paths|live|attendance-counts)\.ts)/;

/**
 * The entry's stylesheet written into the page instead of linked from it: the first paint waits for
 * one request fewer (Lighthouse put the linked sheet at ~150 ms of render-blocking on a slow
 * network). The policy allows inline styles already (Mantine sets its variables that way).
 *
 * A disabled link to the same file stays beside the inline copy. Lazy chunks list the entry's
 * stylesheet among their dependencies, and Vite's preloader appends any listed sheet it finds no
 * link for: a second copy of Mantine's base styles would arrive after the role areas' sheet and
 * override it (tabs and the mobile menu lost their styling when the chatbot opened). A disabled
 * link is never fetched or applied, but it is the link the preloader looks for.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'campus-inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g, (tag, file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset'
            ? `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" disabled>`
            : tag;
        });
      },
    },
  };
}

/**
 * Mantine's `useId` without its second render. Mantine starts every generated id from React's `useId`
 * and then, in a layout effect, swaps it for a random one: each Tabs, Popover, Menu and input renders
 * twice before the page paints (on a student's home screen that held the first paint back for a
 * second render of the notices and the top bar). The random id only served React versions without
 * `useId`; this keeps the first id Mantine renders and the `id` prop it is given. Decision record 0053.
 */
function stableMantineIds(): Plugin {
  return {
    name: 'campus-stable-mantine-ids',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/.test(id)) return null;
      return [
        "import { useId as useReactId } from 'react';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;",
        '}',
      ].join('\n');
    },
  };
}

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], { handler: unknown }>['handler']>>[1];
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

const chunksOf = (bundle: Bundle): Chunk[] =>
  Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');

/** The chunk of the role areas (`app/areas.tsx`): their guard, shell and routes. */
function areasChunk(chunks: Chunk[], plugin: string): Chunk {
  const areas = chunks.find((chunk) => /[\\/]src[\\/]app[\\/]areas\.tsx$/.test(chunk.facadeModuleId ?? ''));
  if (!areas) throw new Error(`${plugin}: no chunk for app/areas.tsx`);
  return areas;
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136 and later) on the code
 * every first screen runs: the entry and the role areas' chunk with everything it imports. V8
 * otherwise compiles a function on the main thread the first time it is called, so React's
 * renderer, the router, the query cache and Mantine's components were compiled one by one while
 * the first screen rendered. With the hint they are compiled on a background thread while the file
 * downloads. Other browsers read it as a comment. Decision record 0055.
 */
function compileOnLoad(): Plugin {
  return {
    name: 'campus-compile-on-load',
    apply: 'build',
    generateBundle: {
      // After Vite's own last edits of the chunks (the dynamic imports' preload lists).
      order: 'post',
      handler(_options, bundle) {
        const chunks = chunksOf(bundle);
        const areas = areasChunk(chunks, 'compileOnLoad');
        const onLoad = new Set([areas.fileName, ...areas.imports]);
        for (const chunk of chunks) {
          if (chunk.isEntry || onLoad.has(chunk.fileName)) {
            chunk.code = `${COMPILE_ON_LOAD}\n${chunk.code}`;
          }
        }
      },
    },
  };
}

/** The file, beside index.html, that lists what a role area's first screen loads (read by the server). */
const AREA_PRELOAD_FILE = 'area-preload.json';

const SCREENS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), 'src/app/screens.ts');

/**
 * Each screen's address and the source file of its page, as `app/screens.ts` lists them
 * (`path: inArea(PATHS.student.home), load: () => import('../features/…/student-home-page')`).
 * Throws when a screen there is written another way, so that none is left out unnoticed.
 */
function screenSources(): { path: string; source: string }[] {
  const text = readFileSync(SCREENS_FILE, 'utf8');
  const screen = /path: inArea\(PATHS\.(\w+)\.(\w+)\),\s*load:\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
  const paths = PATHS as unknown as Record<string, Record<string, string>>;
  const found = [...text.matchAll(screen)].map(([, role = '', key = '', module = '']) => {
    const path = paths[role]?.[key];
    if (!path) throw new Error(`areaPreloads: PATHS.${role}.${key} is not a path`);
    return { path, source: resolve(dirname(SCREENS_FILE), `${module}.tsx`) };
  });
  // Every screen's loader (the interface's own `load: () => Promise<…>` aside).
  const listed = text.match(/\bload: \(\) =>(?!\s*Promise)/g)?.length ?? 0;
  if (found.length === 0 || found.length !== listed) {
    throw new Error(`areaPreloads: read ${found.length} of the ${listed} screens of app/screens.ts`);
  }
  return found;
}

/** A chunk and every chunk it imports, at any depth. */
function withImports(chunk: Chunk, byFile: Map<string, Chunk>): Chunk[] {
  const seen = new Map<string, Chunk>();
  const visit = (c: Chunk) => {
    if (seen.has(c.fileName)) return;
    seen.set(c.fileName, c);
    for (const file of c.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  visit(chunk);
  return [...seen.values()];
}

/**
 * The role areas' code listed for the server (`plugins/spa.ts`), which names it in the page it sends
 * for an area's address (`/student/home`): the browser then fetches the areas' chunk, what it
 * imports and its stylesheet beside the entry, instead of after the entry has downloaded and run.
 * On a slow network that was a second wave of about 90 KB, begun only once the first had ended.
 * The sign-in page is sent without them. Decision record 0058.
 *
 * Each screen's own code is listed too, under its address: the page for `/student/gatepass` names
 * the gate pass screen's chunks as well, so that they arrive while the entry runs rather than being
 * asked for once it has (on a phone the first render waited about 150 ms for them). Decision record
 * 0059.
 */
function areaPreloads(): Plugin {
  return {
    name: 'campus-area-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = chunksOf(bundle);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const areas = areasChunk(chunks, 'areaPreloads');
        // What the entry loads itself is on its way already.
        const first = new Set(
          chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]),
        );
        const modules = [areas.fileName, ...areas.imports].filter((file) => !first.has(file));
        const styles = [...(areas.viteMetadata?.importedCss ?? [])];
        // The entry's stylesheet is written into the page (inlineEntryStylesheet): never fetched.
        const entryStyles = chunks
          .filter((chunk) => chunk.isEntry)
          .flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        const named = new Set([...first, ...modules, ...styles, ...entryStyles]);
        const screens: Record<string, { modules: string[]; styles: string[] }> = {};
        for (const { path, source } of screenSources()) {
          const page = chunks.find((chunk) => chunk.facadeModuleId === source);
          if (!page) throw new Error(`areaPreloads: no chunk for ${source} (${path})`);
          const loaded = withImports(page, byFile);
          screens[path] = {
            modules: loaded.map((chunk) => chunk.fileName).filter((file) => !named.has(file)),
            styles: [
              ...new Set(loaded.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])),
            ].filter((file) => !named.has(file)),
          };
        }
        this.emitFile({
          type: 'asset',
          fileName: AREA_PRELOAD_FILE,
          source: JSON.stringify({ modules, styles, screens }),
        });
      },
    },
  };
}

/** The brand colour of the logo (public/logo.svg): the installed app's title bar and splash screen. */
const THEME_COLOUR = '#1c5bb8';

/**
 * The installable app: the manifest, and the service worker of `src/pwa/sw.ts` built with Workbox's
 * precache manifest of the app's files (every screen's code, so that any screen opens offline). The
 * page registers it itself after load (`src/pwa/register.ts`), and a new version waits for the
 * person's Reload. Decision record 0087.
 */
const installable = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/pwa',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['logo.svg', 'apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Campus Portal',
      short_name: 'Campus',
      description:
        'Notices, gate passes, queries, attendance and more for students, teachers and administrators.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: THEME_COLOUR,
      background_color: '#ffffff',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // The largest screen's code is well under this; a file above it would be left out silently.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });

export default defineConfig({
  plugins: [
    react(),
    inlineEntryStylesheet(),
    stableMantineIds(),
    compileOnLoad(),
    areaPreloads(),
    installable(),
  ],
  server: { proxy: { '/api': server, '/questions': server } },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // What the first page needs is one file, not a handful of shared pieces each costing a request
        // (HTTP/1.1 fetches six at a time). What three or more screens share is one more file, except
        // the form code, which only screens with a form load: the date pickers in one file, zod and
        // @mantine/form in another (a form shown at once, such as the gate pass's, loads its check
        // after the screen: decision record 0056). These groups take only what they name (not their
        // dependencies, which stay shared).
        // The contract's schemas are in neither: each of its modules goes with the screens that use
        // it. Every schema is built when its module runs, and one file of all of them cost the
        // student's gate pass form 290 ms at 4× CPU slowdown building the schemas of forms it never
        // shows (guards, imports, people, notices). Its plain constants, messages, paths, live events
        // and attendance counting go with the first page, since every screen reads them.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            {
              name: 'dates',
              test: (id) => !id.endsWith('.css') && DATE_CODE.test(id),
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: 'forms',
              test: (id) => !id.endsWith('.css') && FORM_CODE.test(id),
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: 'common',
              minShareCount: 3,
              test: (id) => !FORM_CODE.test(id) && !SCHEMAS.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['vitest.setup.ts'],
    css: false,
  },
});
