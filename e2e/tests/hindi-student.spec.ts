/**
 * A student reads the rest of their screens in Hindi at 360 px (decision record 0090): home with
 * where they stand and the forecast, attendance, attendance by course, queries and the syllabus.
 * Each screen's labels are Hindi, axe finds nothing, and no label is cut.
 */
import { expect, test } from '@playwright/test';
import { bearer, createStudents, OWN_PASSWORD } from '../support/accounts';
import { checkHindiScreen } from '../support/hindi';
import { signInAs } from '../support/session';

/** The demo students' group: its timetable gives the new student courses to stand in. */
const GROUP = 'CSE-A';

test.use({ viewport: { width: 360, height: 780 } });

test('a student reads home, attendance, courses, queries and the syllabus in Hindi', async ({
  page,
  request,
}) => {
  const [rollNo] = await createStudents(request, GROUP, 1, 'Hindi Reader');

  // Hindi is kept with the account (the sign-in page's switch has its own journey, hindi-gatepass).
  const chosen = await request.put('/api/profile/language', {
    headers: await bearer(request, rollNo!, OWN_PASSWORD),
    data: { language: 'hi' },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  await signInAs(page, rollNo!, /\/student\//, OWN_PASSWORD);

  // Home: the notice tabs, today, and where the student stands with each course's forecast.
  await page.goto('/student/home');
  await expect(page.getByRole('heading', { name: 'होम', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'मेंटर की सूचनाएँ' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'सूचनाएँ खोजें' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'आज', level: 2 })).toBeVisible();
  const stand = page.getByRole('region', { name: 'आपकी स्थिति' });
  await expect(stand.getByRole('listitem').first()).toContainText('में उपस्थित रहें');
  await expect(stand.getByText('अभी तक कोई लेक्चर नहीं हुआ').first()).toBeVisible();
  await page.getByRole('tab', { name: 'कार्यक्रम' }).click();
  await expect(page.getByRole('tab', { name: 'कार्यक्रम' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'मेंटर की सूचनाएँ' }).click();
  await checkHindiScreen(page, 'student-home');

  // Attendance: none marked yet for a new student.
  await page.getByRole('button', { name: 'नेविगेशन खोलें' }).click();
  await page.getByRole('link', { name: 'उपस्थिति', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'उपस्थिति', level: 1, exact: true })).toBeVisible();
  await expect(page.getByText('उपस्थिति प्रतिशत')).toBeVisible();
  await expect(page.getByText('उपस्थिति का कोई रिकॉर्ड नहीं मिला।')).toBeVisible();
  await checkHindiScreen(page, 'student-attendance');

  // Attendance by course: the table's headers, the states and the forecast in Hindi.
  await page.goto('/student/courses');
  await expect(page.getByRole('heading', { name: 'कोर्स के अनुसार उपस्थिति', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'कोर्स के अनुसार उपस्थिति' });
  // On a phone each row is a card, each cell named by its column.
  const forecast = table.locator('td[data-label="अनुमान"]').first();
  await expect(forecast).toContainText('में उपस्थित रहें');
  await expect(table.locator('td[data-label="स्थिति"]').first()).toHaveText(/ठीक है|खतरे में|पहुँच से बाहर/);
  await expect(page.getByText(/गिना जाता है/)).toBeVisible();
  await checkHindiScreen(page, 'student-courses');

  // Queries: the tabs, the board's search and the ask form.
  await page.goto('/student/queries');
  await expect(page.getByRole('heading', { name: 'प्रश्न', level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'आपके प्रश्न' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'प्रश्न खोजें' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: /^खोजें/ })).toBeVisible();
  await checkHindiScreen(page, 'student-queries');
  await page.getByRole('tab', { name: 'प्रश्न लिखें' }).click();
  await expect(page.getByRole('textbox', { name: /^विषय/ })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'नाम बताए बिना पूछें' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'प्रश्न भेजें' })).toBeVisible();
  await page.getByRole('button', { name: 'प्रश्न भेजें' }).click();
  await expect(page.getByText('विषय ज़रूरी है')).toBeVisible();
  await checkHindiScreen(page, 'student-write-query');

  // The syllabus: its search and the course cards.
  await page.goto('/student/syllabus');
  await expect(page.getByRole('heading', { name: 'पाठ्यक्रम', level: 1 })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'कोर्स खोजें' })).toBeVisible();
  await expect(page.getByText('विषय', { exact: true }).first()).toBeVisible();
  await checkHindiScreen(page, 'student-syllabus');
});
