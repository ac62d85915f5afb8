import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO_PASSWORD, signInAs } from '../support/session';

// Demo students no other journey uses: three askers (each may ask 10 queries an hour) and a reader.
const ASKERS = [230031, 230032, 230033];
const READER = 230034;

async function ask(request: APIRequestContext, rollNo: number, queries: { topic: string; tags: string }[]) {
  const login = await request.post('/api/login', { data: { userId: rollNo, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  for (const { topic, tags } of queries) {
    const res = await request.post('/api/submit-query', {
      headers: { Authorization: `Bearer ${token}` },
      data: { topic, tags, query: 'Asked for the board search journey.' },
    });
    expect(res.status()).toBe(201);
  }
}

const board = (page: Page) => page.getByRole('tabpanel', { name: 'Queries' });

test('a student searches the Queries board by a word and by a tag, and pages through the matches', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A word of its own for this run: 24 queries carry it, 3 of them also a tag of their own.
  const word = `zebra${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const tag = `${word}-tag`;
  for (const [i, rollNo] of ASKERS.entries()) {
    await ask(
      request,
      rollNo,
      Array.from({ length: 8 }, (_, j) => ({
        topic: `${word} question ${i * 8 + j + 1}`,
        tags: j === 0 ? `${tag}, general` : 'general',
      })),
    );
  }

  await signInAs(page, READER, /\/student\/home$/);
  await page.goto('/student/queries');
  const panel = board(page);
  await expect(panel.getByRole('article').first()).toBeVisible();
  // The board opens on its first page of the whole campus, never the whole list.
  await expect(panel.getByRole('article')).toHaveCount(20);
  await expect(panel.getByRole('navigation', { name: 'Queries pages' })).toContainText(/^.*1–20 of \d+/);

  await panel.getByRole('searchbox', { name: /^Search/ }).fill(word);
  const pager = panel.getByRole('navigation', { name: 'Queries pages' });
  await expect(pager).toContainText('1–20 of 24');
  await expect(panel.getByRole('article')).toHaveCount(20);
  for (const topic of await panel.getByRole('article').getByRole('heading').allTextContents()) {
    expect(topic).toContain(word);
  }
  await expectAccessible(page);

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('21–24 of 24');
  await expect(panel.getByRole('article')).toHaveCount(4);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('1–20 of 24');

  // A tag narrows the search to its three queries, on one page.
  await panel.getByRole('searchbox', { name: /^Tag/ }).fill(tag);
  await expect(panel.getByRole('article')).toHaveCount(3);
  await expect(panel.getByRole('navigation', { name: 'Queries pages' })).toHaveCount(0);
  await expect(panel.getByRole('article').filter({ hasText: `${word} question 9` })).toBeVisible();

  await panel.getByRole('searchbox', { name: /^Search/ }).fill(`${word} nosuchword`);
  await expect(panel.getByText('No queries match your search.')).toBeVisible();
  await panel.getByRole('button', { name: 'Clear search' }).click();
  await expect(panel.getByRole('article')).toHaveCount(20);
});
