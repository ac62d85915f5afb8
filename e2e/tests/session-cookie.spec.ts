import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signInAs } from '../support/session';

/** What the page's own fetch without an Authorization header is answered: only the cookie signs it in. */
const fetchWithoutToken = (page: Page, path: string, method = 'GET') =>
  page.evaluate(
    async ([path, method]) => {
      const res = await fetch(path, { method });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    [path, method] as const,
  );

/**
 * Signs in the way a client without our web app's token handling does (the spec's original client):
 * a plain same-origin fetch, whose answer's cookie the browser keeps.
 */
async function signInByFetch(page: Page, userId: number) {
  await page.goto('/');
  const status = await page.evaluate(
    async ([userId, password]) => {
      const res = await fetch('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, password }),
      });
      return res.status;
    },
    [String(userId), DEMO_PASSWORD] as const,
  );
  expect(status).toBe(200);
}

const sessionCookies = async (page: Page) =>
  (await page.context().cookies()).filter((c) => c.name === 'campus_session');

test.describe('the session cookie', () => {
  test('our web app signs in by its token alone and never holds the cookie', async ({ page }) => {
    await signInAs(page, DEMO.student, /\/student\/home$/);
    expect(await sessionCookies(page)).toEqual([]);
    expect((await fetchWithoutToken(page, '/api/get-notices')).status).toBe(401);
  });

  test('signing in lets the page call the API without a token, until it signs out', async ({
    page,
    context,
  }) => {
    await signInByFetch(page, DEMO.student);
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'campus_session');
    expect(cookie).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Strict', secure: false });
    expect(await page.evaluate(() => document.cookie)).not.toContain('campus_session');

    const notices = await fetchWithoutToken(page, '/api/get-notices');
    expect(notices.status).toBe(200);
    expect(Array.isArray(notices.body)).toBe(true);

    const out = await fetchWithoutToken(page, '/api/logout', 'POST');
    expect(out.status).toBe(200);
    expect((await context.cookies()).filter((c) => c.name === 'campus_session')).toEqual([]);
    const after = await fetchWithoutToken(page, '/api/get-notices');
    expect(after.status).toBe(401);
  });

  test('the spec client’s Logout (token dropped, then a decode without it) ends the cookie session', async ({
    page,
  }) => {
    await signInByFetch(page, DEMO.admin);
    expect((await fetchWithoutToken(page, '/api/students/count')).status).toBe(200);
    const decode = await page.evaluate(async () => {
      const token = localStorage.getItem('jwtToken');
      const res = await fetch(`/api/post-data-from-token/${token}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return res.status;
    });
    expect(decode).toBe(401);
    expect(await sessionCookies(page)).toEqual([]);
    expect((await fetchWithoutToken(page, '/api/students/count')).status).toBe(401);
  });

  test.describe('a page of another origin', () => {
    let attacker: Server;
    let attackerUrl: string;
    test.beforeAll(async ({ baseURL }) => {
      // Same host, other port: another origin but the same site, so the browser still sends a
      // SameSite=Strict cookie, and only the server's origin check stands in the way.
      attacker = createServer((_req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end(
          `<!doctype html><title>Win a prize</title>` +
            `<form method="post" action="${baseURL}/api/logout"><button>Claim</button></form>`,
        );
      });
      await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
      attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    });
    test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

    test('cannot make a change with the visitor’s cookie', async ({ page, context }) => {
      await signInByFetch(page, DEMO.student);
      const signedIn = page.url();

      await page.goto(attackerUrl);
      await page.getByRole('button', { name: 'Claim' }).click();
      await expect(page.getByText('another origin, so the session cookie cannot sign it in')).toBeVisible();
      expect((await context.cookies()).filter((c) => c.name === 'campus_session')).toHaveLength(1);

      await page.goto(signedIn);
      const notices = await fetchWithoutToken(page, '/api/get-notices');
      expect(notices.status).toBe(200);
    });
  });
});
