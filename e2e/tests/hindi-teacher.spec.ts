/**
 * A teacher reads the portal in Hindi (decision record 0090): their account keeps Hindi and they
 * sign in from the page in Hindi; at 360 px they approve a mentee's gate pass, and see the
 * other teacher screens (home, leave, queries, performance, syllabus) in Hindi. Axe finds nothing and
 * no label is cut.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, createGroup, createStudents, OWN_PASSWORD, unique } from '../support/accounts';
import { createMentor } from '../support/lectures';
import { checkHindiScreen } from '../support/hindi';

/** A day ahead, so that the pass is never for a day that has passed. */
const DAY = '2031-12-05';

/** A teacher of the journey's own who mentors `group` and reads Hindi; their teacher id. */
async function createHindiMentor(request: APIRequestContext, group: string): Promise<number> {
  const teacherId = await createMentor(request, group, 'Hindi Teacher');
  const language = await request.put('/api/profile/language', {
    headers: await bearer(request, teacherId, OWN_PASSWORD),
    data: { language: 'hi' },
  });
  expect(language.status(), await language.text()).toBe(200);
  return teacherId;
}

/** Signs in from a sign-in page shown in Hindi, as a teacher who reads Hindi does on a new phone. */
async function signInHindi(page: Page, teacherId: number) {
  await page.goto('/');
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
  await page.getByLabel('यूज़र आईडी').fill(String(teacherId));
  await page.getByLabel(/^पासवर्ड/).fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'लॉग इन करें' }).click();
  await expect(page).toHaveURL(/\/teacher\//);
}

test.use({ viewport: { width: 360, height: 780 } });

test('a teacher who reads Hindi approves a mentee’s gate pass at 360 px', async ({ page, request }) => {
  const group = `HT-${unique()}`;
  await createGroup(request, group);
  const teacherId = await createHindiMentor(request, group);
  const [rollNo] = await createStudents(request, group, 1, 'Hindi Mentee');
  const applied = await request.post('/api/submit-gatepass', {
    headers: await bearer(request, rollNo!, OWN_PASSWORD),
    data: { date: DAY, time: '10:00', reason: 'दाँत के डॉक्टर के पास जाना है' },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const passId = (await applied.json()).gatepass._id as string;

  await signInHindi(page, teacherId);
  await expect(page.getByRole('heading', { name: 'होम', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'मेंटर सूचना' })).toBeVisible();
  await checkHindiScreen(page, 'teacher-home');

  await page.getByRole('button', { name: 'नेविगेशन खोलें' }).click();
  await page.getByRole('link', { name: 'गेट पास' }).click();
  await expect(page.getByRole('heading', { name: 'गेट पास अनुरोध', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: `Hindi Mentee 1 (${rollNo})` });
  await expect(row).toBeVisible();
  await expect(row.getByText('5 दिस॰ 2031').or(row.getByText('5 दिस 2031'))).toBeVisible();
  await expect(page.getByRole('button', { name: 'चुने हुए स्वीकृत करें' })).toBeDisabled();
  await checkHindiScreen(page, 'teacher-gatepass-requests');

  await row.getByRole('button', { name: 'स्वीकृत करें', exact: true }).click();
  await expect(page.getByText(`Hindi Mentee 1 का गेट पास स्वीकृत किया।`)).toBeVisible();
  await expect(row.getByText(/^स्वीकृत/)).toBeVisible();
  await expect
    .poll(
      async () => {
        const read = await request.get(`/api/gatepass/${passId}`, {
          headers: await bearer(request, rollNo!, OWN_PASSWORD),
        });
        return ((await read.json()) as { approvedStatus: string }).approvedStatus;
      },
      { timeout: 20_000 },
    )
    .toBe('approved');

  await page.getByRole('tab', { name: /^स्वीकृत गेट पास/ }).click();
  const approved = page.getByRole('tabpanel').getByRole('row', { name: `Hindi Mentee 1 (${rollNo})` });
  await expect(approved).toBeVisible();
  await expect(approved.getByText('उपयोग के लिए तैयार')).toBeVisible();
  await expect(approved.getByRole('button', { name: 'रद्द करें' })).toBeVisible();
  await checkHindiScreen(page, 'teacher-gatepass-approved');
});

test('a teacher who reads Hindi sees leave, queries, performance and syllabus in Hindi', async ({
  page,
  request,
}) => {
  const group = `HT-${unique()}`;
  await createGroup(request, group);
  const teacherId = await createHindiMentor(request, group);
  await signInHindi(page, teacherId);

  await page.goto('/teacher/leave');
  await expect(page.getByRole('heading', { name: 'छुट्टी', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^छुट्टी के अनुरोध/ })).toBeVisible();
  await checkHindiScreen(page, 'teacher-leave');

  await page.goto('/teacher/queries');
  await expect(page.getByRole('heading', { name: 'प्रश्नों का प्रबंधन', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^अनुत्तरित प्रश्न/ })).toBeVisible();
  await checkHindiScreen(page, 'teacher-queries');

  await page.goto('/teacher/performance?tab=mentees');
  await expect(page.getByRole('heading', { name: 'विद्यार्थियों का प्रदर्शन', level: 1 })).toBeVisible();
  await expect(page.getByText('इस समूह में कोई विद्यार्थी नहीं है।')).toBeVisible();
  await checkHindiScreen(page, 'teacher-performance');

  await page.goto('/teacher/syllabus');
  await expect(page.getByRole('heading', { name: 'पाठ्यक्रम जोड़ें', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'पाठ्यक्रम जोड़ें' }).click();
  await expect(page.getByText('कोर्स का नाम ज़रूरी है')).toBeVisible();
  await checkHindiScreen(page, 'teacher-syllabus');

  await page.goto('/teacher/notice/create');
  await expect(page.getByRole('heading', { name: 'सूचना बनाएँ', level: 1 })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'यह किसके लिए है?' })).toBeVisible();
  await checkHindiScreen(page, 'teacher-notice-create');
});
