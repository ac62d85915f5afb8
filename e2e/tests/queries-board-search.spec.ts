import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, createGroup, createStudents, OWN_PASSWORD, unique } from '../support/accounts';
import { expectAccessible } from '../support/a11y';
import { PAGE_LOAD } from '../support/screens';
import { DEMO, DEMO_PASSWORD, signInAs } from '../support/session';

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
  test.setTimeout(360_000);
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

/** What the solved board shows after the journey below: its tab, words, tag and second page. */
async function expectSolvedView(page: Page, word: string, tag: string) {
  await expect(page.getByRole('tab', { name: 'Solved Queries' })).toHaveAttribute(
    'aria-selected',
    'true',
    PAGE_LOAD,
  );
  const panel = page.getByRole('tabpanel', { name: 'Solved Queries' });
  await expect(panel.getByRole('searchbox', { name: /^Search/ })).toHaveValue(word);
  await expect(panel.getByRole('searchbox', { name: /^Tag/ })).toHaveValue(tag);
  await expect(panel.getByRole('navigation', { name: 'Solved queries pages' })).toContainText('21–24 of 24');
  await expect(panel.getByRole('article')).toHaveCount(4);
  for (const topic of await panel.getByRole('article').getByRole('heading').allTextContents()) {
    expect(topic).toContain(word);
  }
}

test('the solved board keeps its tab, words, tag and page through a reload and a shared link', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  // 27 answered queries carry a word of this run's own, 24 of them also a tag of its own.
  const word = `yak${unique()}`;
  const tag = `${word}-tag`;
  const group = `Board ${word}`;
  await createGroup(request, group);
  const askers = await createStudents(request, group, 3, 'Board Student');
  const teacher = await bearer(request, DEMO.otherTeacher);
  for (const [i, rollNo] of askers.entries()) {
    const asker = await bearer(request, rollNo, OWN_PASSWORD);
    for (let j = 1; j <= 9; j++) {
      const asked = await request.post('/api/submit-query', {
        headers: asker,
        data: {
          topic: `${word} solved ${i * 9 + j}`,
          tags: i === 0 && j <= 3 ? 'general' : `${tag}, general`,
          query: 'Asked for the address journey.',
        },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      const answered = await request.put('/api/queries/update-solution', {
        headers: teacher,
        data: { queryId: (await asked.json()).query._id as string, solution: 'Answered.' },
      });
      expect(answered.status(), await answered.text()).toBe(200);
    }
  }

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, askers[0]!, /\/student\/home$/, OWN_PASSWORD);
  await page.goto('/student/queries');
  await page.getByRole('tab', { name: 'Solved Queries' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Solved Queries' });
  const pager = panel.getByRole('navigation', { name: 'Solved queries pages' });
  await panel.getByRole('searchbox', { name: /^Search/ }).fill(word);
  await expect(pager).toContainText('1–20 of 27');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('21–27 of 27');
  // A tag starts the first page of its matches again.
  await panel.getByRole('searchbox', { name: /^Tag/ }).fill(tag);
  await expect(pager).toContainText('1–20 of 24');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expectSolvedView(page, word, tag);
  const shared = new URL(page.url());
  expect(Object.fromEntries(shared.searchParams)).toEqual({ tab: 'solved', q: word, tag, page: '2' });
  await expectAccessible(page);

  await page.reload();
  await expectSolvedView(page, word, tag);

  const other = await context.newPage();
  await other.goto(shared.href);
  await expectSolvedView(other, word, tag);

  // The first view of the first tab has a bare address.
  await other.getByRole('tab', { name: 'Queries', exact: true }).click();
  await expect(other).toHaveURL(/\/student\/queries$/);
  await context.close();
});
