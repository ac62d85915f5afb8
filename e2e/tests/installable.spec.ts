/**
 * Chromium's own installability check with no error at all (decision record 0087). Lighthouse 12
 * dropped its installability audit; `Page.getInstallabilityErrors` is what that audit read. A test's
 * usual browser context is an incognito one, which Chromium never installs from, so this check runs
 * in a persistent profile of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../bench/web/chromium-flags';
import { PAGE_LOAD } from '../support/screens';

test('Chromium finds the app installable, with no installability error', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'campus-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL: test.info().project.use.baseURL!,
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    // The manifest is read and the worker registered after load: the verdict is asked until it settles.
    const cdp = await context.newCDPSession(page);
    const errors = async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId);
    await expect.poll(errors, PAGE_LOAD).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
