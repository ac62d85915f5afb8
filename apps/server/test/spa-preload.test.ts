/** The page for a role area's address names the areas' code, so the browser fetches it beside the entry. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

const PAGE =
  '<!doctype html><html lang="en"><head><title>Campus Portal</title>' +
  '<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const LISTED = {
  modules: ['assets/areas-Ef56Gh78.js', 'assets/common-Ij90Kl12.js'],
  styles: ['assets/areas-Mn34Op56.css'],
};

function webDistWith(list?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'campus-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  if (list !== undefined) writeFileSync(join(dir, 'area-preload.json'), JSON.stringify(list));
  return dir;
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*>/g)].map((m) => m[0]);

describe('the page of a role area', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = webDistWith(LISTED);
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("names the areas' code and stylesheet in its head, at low priority, for every role's addresses", async () => {
    for (const url of ['/student/home', '/teacher/attendance?group=CSE-A', '/admin', '/guard/desk']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(preloads(head)).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/areas-Ef56Gh78.js" fetchpriority="low">',
        '<link rel="modulepreload" crossorigin href="/assets/common-Ij90Kl12.js" fetchpriority="low">',
        '<link rel="preload" as="style" crossorigin href="/assets/areas-Mn34Op56.css" fetchpriority="low">',
      ]);
      // The rest of the page is the built one, with the campus locale.
      expect(res.body).toContain('<script type="module" src="/assets/index-Ab12Cd34.js"></script>');
      expect(res.body).toContain('<html lang="en-IN"');
    }
  });

  it('sends the sign-in page and the pages outside the areas without them', async () => {
    for (const url of ['/', '/support', '/reset?token=x', '/students', '/student-help']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual([]);
      expect(res.body).toContain('<script type="module" src="/assets/index-Ab12Cd34.js"></script>');
    }
  });

  it('serves the listed files as assets, and an unknown API path is still a 404', async () => {
    const asset = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    const api = await t.app.inject({ url: '/api/no-such-route' });
    expect(api.statusCode).toBe(404);
  });
});

describe('a web build that lists nothing', () => {
  it("sends a role area's page as it was built", async () => {
    const webDist = webDistWith();
    const t = await createTestApp({ webDist });
    try {
      const res = await t.app.inject({ url: '/student/home' });
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual([]);
      expect(res.body).toContain('<title>Campus Portal</title>');
    } finally {
      await t.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
