/**
 * `npm run screenshots`: every screen of every role, at 1280 and 360 px, in the light and the dark
 * scheme, as PNG files in `screenshots/` (ignored by git): a fresh demo campus on the built app, in
 * the system Chromium. For looking at the portal as its people do, after a change to a screen.
 *
 *   npm run build && npm run screenshots [-- --role admin] [--width 360] [--scheme dark]
 *
 * It prints each file with the width the page reached: a page wider than the window scrolls
 * sideways, which the phone-layout e2e test refuses.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { PATHS, type Role } from '@campus/contract';
import { startServer } from '../lib/processes';
import { CHROMIUM_ARGS } from './chromium-flags';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = join(ROOT, 'screenshots');
const PASSWORD = 'campus123';
const ACCOUNTS: Record<Role, string> = {
  student: '230001',
  teacher: '500001',
  admin: '900001',
  guard: '700001',
  guardian: '800001',
};
const WIDTHS = [1280, 360];
const SCHEMES = ['light', 'dark'] as const;

const { values: args } = parseArgs({
  options: {
    role: { type: 'string' },
    width: { type: 'string' },
    scheme: { type: 'string' },
  },
});
const roles = (args.role ? [args.role] : Object.keys(ACCOUNTS)) as Role[];
const widths = args.width ? [Number(args.width)] : WIDTHS;
const schemes = args.scheme ? SCHEMES.filter((s) => s === args.scheme) : SCHEMES;

const slug = (path: string) => path.replace(/^\/+/, '').replace(/[^a-z0-9]+/gi, '-') || 'sign-in';

const dataDir = mkdtempSync(join(tmpdir(), 'campus-shots-'));
const server = await startServer(join(ROOT, 'apps/server/dist/main.js'), {
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
  SEED: 'demo',
});
const origin = `http://127.0.0.1:${server.port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
mkdirSync(OUT, { recursive: true });
let shots = 0;
try {
  for (const scheme of schemes) {
    for (const width of widths) {
      // The screens anyone can open.
      const visitor = await browser.newPage({ viewport: { width, height: 800 }, colorScheme: scheme });
      for (const path of [PATHS.signIn, PATHS.support]) {
        await visitor.goto(`${origin}${path}`);
        await visitor.getByRole('heading', { level: 1 }).first().waitFor();
        await snap(visitor, `visitor-${slug(path)}-${width}-${scheme}.png`);
      }
      await visitor.close();

      for (const role of roles) {
        const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        await page.getByRole('textbox', { name: 'User ID' }).fill(ACCOUNTS[role]);
        await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
        await page.locator('button[type=submit]').click();
        await page.waitForURL((url) => url.pathname.startsWith(`/${role}/`));
        for (const path of new Set(Object.values(PATHS[role]) as string[])) {
          await page.goto(`${origin}${path}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          // Lists and charts load after the heading: wait until nothing says it is loading.
          await page
            .getByText(/^Loading/)
            .filter({ visible: true })
            .first()
            .waitFor({ state: 'hidden' })
            .catch(() => undefined);
          await snap(page, `${role}-${slug(path.replace(`/${role}/`, ''))}-${width}-${scheme}.png`);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`${shots} screenshots in ${OUT}`);

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(OUT, name), fullPage: true });
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  shots += 1;
  console.log(`${name}${scrollWidth > innerWidth ? `  scrolls sideways: ${scrollWidth} px wide` : ''}`);
}
