/** Serves the built web app: hashed assets cached for a year, every other path falls back to index.html. */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { notFound } from '../lib/errors';

function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(root, full);
    return [relative(root, full).split(sep).join('/')];
  });
}

/** The page with the campus locale in its `lang`, which the web app formats dates and numbers by. */
function pageFor(webDist: string, locale: string): string {
  return readFileSync(join(webDist, 'index.html'), 'utf8').replace(
    /<html lang="[^"]*"/,
    `<html lang="${locale}"`,
  );
}

/** Types the static file server may not know: the web app manifest's. */
const OWN_TYPES: Record<string, string> = { '.webmanifest': 'application/manifest+json' };

/** The role areas' addresses: `/student/…`, `/teacher/…`, `/admin/…`, `/guard/…`, `/guardian/…`. */
const AREA_PATH = /^(student|teacher|admin|guard|guardian)(\/|$)/;

interface Preloads {
  modules?: string[];
  styles?: string[];
}

// `crossorigin` as Vite's preloader asks for them: a request in another credentials mode would
// fetch the file again instead of using the preload.
const preloadLinks = ({ modules = [], styles = [] }: Preloads): string =>
  [
    ...modules.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`),
    ...styles.map(
      (file) => `<link rel="preload" as="style" crossorigin href="/${file}" fetchpriority="low">`,
    ),
  ].join('');

/**
 * The pages for a role area's addresses: the same page, naming the areas' code and stylesheet (listed
 * by the web build in `area-preload.json`) so that the browser fetches them beside the entry rather
 * than after it has run; for a screen's own address, that screen's code as well. Decision records
 * 0058 and 0059. The page alone where the build lists nothing.
 */
function areaPagesFor(webDist: string, page: string): { area: string; screens: Map<string, string> } {
  const listed = join(webDist, 'area-preload.json');
  if (!existsSync(listed)) return { area: page, screens: new Map() };
  const { screens = {}, ...areas } = JSON.parse(readFileSync(listed, 'utf8')) as Preloads & {
    screens?: Record<string, Preloads>;
  };
  const withLinks = (links: string) => page.replace('</head>', `${links}</head>`);
  const area = preloadLinks(areas);
  return {
    area: withLinks(area),
    screens: new Map(
      Object.entries(screens).map(([path, own]) => [path, withLinks(area + preloadLinks(own))]),
    ),
  };
}

export async function registerSpa(app: FastifyInstance, webDist: string, locale = 'en-IN'): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  const files = new Set(built ? listFiles(webDist).filter((f) => !/\.(br|gz)$/.test(f)) : []);
  const page = built ? pageFor(webDist, locale) : '';
  const areaPages = built ? areaPagesFor(webDist, page) : { area: '', screens: new Map<string, string>() };
  if (built) {
    // The build writes .br and .gz beside each asset; they are sent to clients that accept them.
    await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });
  }

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const path = decodeURIComponent(request.url.split('?')[0] ?? '/').replace(/^\/+/, '');
    if (path.startsWith('api/') || path === 'api') {
      throw notFound(`No route for ${request.method} /${path}`);
    }
    if (!built) throw notFound('The web app is not built: run `npm run build`.');
    if (files.has(path) && path !== 'index.html') {
      const immutable = path.startsWith('assets/');
      // Every other file, the service worker (sw.js) and the manifest among them, is checked with
      // the server on each use: a new version reaches the browser at its next visit (record 0087).
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.header('vary', 'accept-encoding');
      const type = OWN_TYPES[path.slice(path.lastIndexOf('.'))];
      if (type) reply.type(type);
      return reply.sendFile(path, { cacheControl: false });
    }
    reply.header('cache-control', 'no-cache');
    const sent = AREA_PATH.test(path)
      ? (areaPages.screens.get(`/${path.replace(/\/+$/, '')}`) ?? areaPages.area)
      : page;
    return reply.type('text/html; charset=utf-8').send(sent);
  });
}
