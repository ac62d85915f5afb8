/**
 * Single sign-on in Chromium (decision record 0086): a real OpenID Connect provider runs in this
 * spec, and a portal server of its own (own port, own data folder; PostgreSQL when TEST_DATABASE_URL
 * is set) is started pointing at it, with password sign-in off for students.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
// The one test provider, the server tests' own: a real OpenID Connect provider, not a second copy.
// eslint-disable-next-line no-restricted-imports
import { startOidcProvider, type TestProvider } from '../../apps/server/test/oidc-provider';
import { expectAccessible } from '../support/a11y';
import { freePorts } from '../support/free-ports';
import { DEMO, DEMO_PASSWORD } from '../support/session';

const LABEL = 'Sign in with Example University';
const SHOTS = '/tmp/shots-sso';

let provider: TestProvider;
let server: ChildProcess | undefined;
let dataDir: string;
let base: string;
let database: { url: string; drop: () => void } | undefined;

/** A fresh PostgreSQL database beside TEST_DATABASE_URL's, when it is set. */
function freshDatabase(): { url: string; drop: () => void } | undefined {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return undefined;
  const name = `campus_sso_${Date.now().toString(36)}`;
  const made = spawnSync('psql', [admin, '-qc', `create database ${name}`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`Could not create ${name}: ${made.stderr}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      void spawnSync('psql', [admin, '-qc', `drop database if exists ${name} with (force)`], {
        stdio: 'ignore',
      }),
  };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [port] = freePorts(1);
  base = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider({
    redirectUris: [`${base}/api/auth/sso/callback`],
    postLogoutRedirectUris: [`${base}/`],
    accounts: [
      // The university's principal name holds the portal User ID.
      { sub: 'u-student', preferred_username: `${DEMO.student}@university.example`, name: 'A student' },
      { sub: 'u-stranger', preferred_username: 'visitor@university.example', name: 'A visitor' },
    ],
  });
  dataDir = mkdtempSync(join(tmpdir(), 'campus-sso-e2e-'));
  mkdirSync(dataDir, { recursive: true });
  database = freshDatabase();
  server = spawn(process.execPath, [process.env.SERVER_ENTRY ?? '../apps/server/dist/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      ...(database ? { DATABASE_URL: database.url } : {}),
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_USER_CLAIM: 'preferred_username',
      OIDC_BUTTON_LABEL: LABEL,
      SSO_ONLY_ROLES: 'student',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 90_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await provider?.close();
  database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function freshPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: width > 400 ? 800 : 740 } });
  return { context, page: await context.newPage() };
}

test('a student signs in with the university account, lands on their home and signs out of both', async ({
  browser,
}) => {
  const { context, page } = await freshPage(browser);
  await page.goto(`${base}/`);
  const button = page.getByRole('link', { name: LABEL });
  await expect(button).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sign-in-1280.png` });
  await expectAccessible(page);

  await button.click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.getByLabel('Username').fill('u-student');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${base}/student/home`);
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toMatch(/^ey/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // Signed out here, then at the university, which asks before sending the browser back.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
  await page.getByRole('button', { name: /Yes, sign me out/ }).click();
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByRole('link', { name: LABEL })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  await page.goto(`${base}/student/home`);
  await expect(page).toHaveURL(`${base}/`);
  await context.close();
});

test('someone the portal does not know is sent back to the sign-in page saying so, on a phone', async ({
  browser,
}) => {
  const { context, page } = await freshPage(browser, 360);
  await page.goto(`${base}/`);
  const button = page.getByRole('link', { name: LABEL });
  await expect(button).toBeVisible();
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: `${SHOTS}/sign-in-360.png`, fullPage: true });
  await button.click();
  await page.getByLabel('Username').fill('u-stranger');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${base}/?sso=unknown-user`);
  await expect(page.getByRole('alert')).toContainText('not linked to a Campus Portal account');
  await page.screenshot({ path: `${SHOTS}/refused-360.png`, fullPage: true });
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  await context.close();
});

test('a student’s password is refused with a pointer to the university sign-in; an admin’s still works', async ({
  browser,
}) => {
  const { context, page } = await freshPage(browser);
  await page.goto(`${base}/`);
  await page.getByLabel('User ID').fill(String(DEMO.student));
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText(`Use “${LABEL}”`);

  await page.getByLabel('User ID').fill(String(DEMO.admin));
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${base}/admin/home`);
  await context.close();
});
