/**
 * Issue 58: a notification opens its item. A student told that their query was answered follows the
 * bell to the notification and lands on that query with its answer, first on the Queries screen.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { bearer, unique } from '../support/accounts';
import { PAGE_LOAD } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

// A student no other journey signs in as, so that their inbox and hourly allowances are this one's.
const STUDENT = 230021;

test('a student opens the notification of their answered query and reads the answer', async ({
  browser,
  request,
}) => {
  const topic = `Reading room hours ${unique()}`;
  const solution = 'It closes at ten at night during exams, at eight otherwise.';
  // The question and its answer go through the API: the boards' own journeys cover their screens.
  const asked = await request.post('/api/submit-query', {
    headers: await bearer(request, STUDENT),
    data: { topic, tags: 'library', query: 'Until when can we study in the reading room?' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const queryId = ((await asked.json()) as { query: { _id: string } }).query._id;
  const answered = await request.put('/api/queries/update-solution', {
    headers: await bearer(request, DEMO.teacher),
    data: { queryId, solution },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  const student = await (await browser.newContext()).newPage();
  await signInAs(student, STUDENT, /\/student\/home$/);
  await student.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
  const note = student.getByRole('listitem').filter({ hasText: `Your query '${topic}' was answered` });
  await expect(note).toBeVisible(PAGE_LOAD);
  await note.getByRole('link', { name: 'Open' }).click();

  await expect(student).toHaveURL(new RegExp(`/student/queries\\?query=${queryId}$`));
  const opened = student.getByRole('region', { name: 'The query you were told of' });
  await expect(opened.getByRole('article', { name: topic })).toBeVisible(PAGE_LOAD);
  await expect(opened.getByRole('region', { name: 'Solution' })).toContainText(solution);
  await expect(opened).toBeFocused();
  await expectAccessible(student);

  // The whole list is one click away, and the address forgets the query.
  await opened.getByRole('button', { name: 'Show the whole list' }).click();
  await expect(opened).toBeHidden();
  await expect(student).toHaveURL(/\/student\/queries$/);
  await student.context().close();
});
