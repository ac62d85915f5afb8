import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from './lib/processes';

const data = mkdtempSync(join(tmpdir(), 'att-shots-'));
const server = await startServer('apps/server/dist/main.js', { DATA_DIR: data, JWT_SECRET: 'x'.repeat(64), SEED: 'demo', LOG_LEVEL: 'warn' });
void spawn;
const origin = `http://127.0.0.1:${server.port}`;
const { token } = (await (await fetch(`${origin}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: '500001', password: 'campus123' }) })).json()) as { token: string };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, h] of [[1280, 800], [360, 740]] as const) {
  const page = await (await browser.newContext({ viewport: { width: w, height: h }, colorScheme: 'light' })).newPage();
  await page.goto(`${origin}/`);
  await page.evaluate((t) => localStorage.setItem('jwtToken', t), token);
  await page.goto(`${origin}/teacher/attendance`);
  await page.locator('tbody tr').nth(5).waitFor({ timeout: 60000 });
  await page.getByRole('button', { name: 'Mark all present' }).click();
  await page.locator('tbody tr').nth(2).getByRole('radio', { name: 'Absent' }).click();
  await page.locator('tbody tr').nth(3).getByRole('radio', { name: 'Present' }).focus();
  await page.keyboard.press('j');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `/tmp/att-shots/roster-${w}.png` });
}
await browser.close();
await server.stop();
