import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO, signInAs } from '../support/session';

/** Unique per run, so parallel suites and reruns against the same data never collide. */
const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
const MENTOR_HEADING = `Mentor meeting ${suffix}`;
const EVENT_NAME = `Hackathon ${suffix}`;
const GENERAL_HEADING = `Library hours ${suffix}`;
const COURSE = `Compilers ${suffix}`;

async function nav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  // The shell's hovered active nav link is below AA contrast (app layout, reported); axe checks the page.
  await page.mouse.move(0, 0);
}

const card = (page: Page, heading: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: heading }) });

test.describe.serial('notices, syllabus and people', () => {
  // Each journey runs several axe scans, which take seconds apiece on a busy two-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('a teacher posts a notice of each kind and sees each in its list', async ({ page }) => {
    await signInAs(page, DEMO.teacher, /\/teacher\/home$/);
    await expect(page.getByRole('tab', { name: 'Mentor Notice' })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/teacher/notice/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Notice' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'From' }).first()).toContainText('Dr. Anjali Rao');

    const mentorForm = page.getByRole('form', { name: 'Create mentor notice' });
    await mentorForm.getByLabel('Heading').fill(MENTOR_HEADING);
    await mentorForm.getByLabel('Description').fill('Room 204 at 3 pm.');
    await mentorForm.getByRole('button', { name: 'Create mentor notice' }).click();
    await expect(
      mentorForm.page().getByRole('status').filter({ hasText: 'Notice created successfully' }).last(),
    ).toBeVisible();
    await expect(mentorForm.getByLabel('Heading')).toHaveValue('');
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Event' }).click();
    const eventForm = page.getByRole('form', { name: 'Create event' });
    await eventForm.getByRole('button', { name: 'Create event' }).click();
    await expect(eventForm.getByText('Event name is required')).toBeVisible();
    await expect(eventForm.getByLabel('Event name')).toBeFocused();
    await expectAccessible(page);
    await eventForm.getByLabel('Event name').fill(EVENT_NAME);
    await eventForm.getByLabel('Hosted by').fill('Coding Club');
    await eventForm.getByLabel('Contact email').fill('club@campus.test');
    await eventForm.getByLabel('Date').fill('2030-05-01');
    await eventForm.getByLabel('Time').fill('10:30');
    await eventForm.getByLabel('Description').fill('Bring a laptop.');
    await eventForm.getByRole('button', { name: 'Create event' }).click();
    await expect(
      eventForm.page().getByRole('status').filter({ hasText: 'Notice created successfully' }).last(),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'General Notice' }).click();
    const generalForm = page.getByRole('form', { name: 'Create general notice' });
    await generalForm.getByLabel('Heading').fill(GENERAL_HEADING);
    await generalForm.getByLabel('Contact email').fill('library@campus.test');
    await generalForm.getByLabel('Description').fill('Open until 10 pm during exams.');
    await generalForm.getByRole('button', { name: 'Create notice' }).click();
    await expect(
      generalForm.page().getByRole('status').filter({ hasText: 'Notice created successfully' }).last(),
    ).toBeVisible();

    await nav(page, 'Home');
    await expect(card(page, MENTOR_HEADING)).toContainText('By Dr. Anjali Rao');
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(card(page, EVENT_NAME)).toContainText('Hosted by Coding Club');
    await page.getByRole('tab', { name: 'Notices' }).click();
    await expect(card(page, GENERAL_HEADING)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Create' }).click();
    await expect(page.getByRole('form', { name: 'Create mentor notice' })).toBeVisible();
  });

  test('a teacher adds a syllabus entry and sees it among the existing courses', async ({ page }) => {
    await signInAs(page, DEMO.teacher, /\/teacher\/home$/);
    await nav(page, 'Syllabus');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Syllabus' })).toBeVisible();
    await expectAccessible(page);
    const syllabusForm = page.getByRole('form', { name: 'Add syllabus' });
    await syllabusForm.getByLabel('Course name').fill(COURSE);
    await syllabusForm.getByLabel('Semester').fill('5');
    await syllabusForm.getByLabel('Topics').fill('Lexing, Parsing , Code generation');
    await syllabusForm.getByRole('button', { name: 'Add Syllabus' }).click();
    await expect(
      syllabusForm.page().getByRole('status').filter({ hasText: 'Syllabus added successfully!' }).last(),
    ).toBeVisible();
    await expect(syllabusForm.getByLabel('Course name')).toHaveValue('');
    await page.getByLabel('Search courses').fill(COURSE);
    await expect(card(page, COURSE)).toContainText('Code generation');
    await expectAccessible(page);
  });

  test('a student reads each notice in its tab', async ({ page }) => {
    await signInAs(page, DEMO.student, /\/student\/home$/);
    await expect(page.getByRole('tab', { name: 'Mentor Notice' })).toHaveAttribute('aria-selected', 'true');
    await expect(card(page, MENTOR_HEADING)).toContainText('Room 204 at 3 pm.');
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(card(page, EVENT_NAME)).toContainText('1 May 2030 at 10:30 am');
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Notice', exact: true }).click();
    await expect(card(page, GENERAL_HEADING)).toContainText('Open until 10 pm during exams.');
    await expect(
      card(page, GENERAL_HEADING).getByRole('link', { name: 'library@campus.test' }),
    ).toHaveAttribute('href', 'mailto:library@campus.test');
    await expectAccessible(page);
  });

  test('a student finds the course by search, contacts the mentor and opens the profile', async ({
    page,
  }) => {
    await signInAs(page, DEMO.student, /\/student\/home$/);
    await nav(page, 'Syllabus');
    const search = page.getByPlaceholder('Search by course name...');
    await search.fill(COURSE.toUpperCase());
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, COURSE)).toContainText('Semester: 5');
    await expect(card(page, COURSE).getByRole('listitem')).toHaveText([
      'Lexing',
      'Parsing',
      'Code generation',
    ]);
    await expectAccessible(page);
    await search.fill(`no such course ${suffix}`);
    await expect(page.getByText('No syllabus found for the given search term.')).toBeVisible();
    await expectAccessible(page);

    await nav(page, 'Contact Teachers');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Teachers' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Contact Your Mentor' })).toBeVisible();
    const first = page.getByRole('article').first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText('Dr. Anjali Rao');
    await expect(first.getByText('Your mentor')).toBeVisible();
    await expect(first.getByRole('link', { name: /^Contact Mentor/ })).toHaveAttribute(
      'href',
      /^mailto:[^@\s]+@[^@\s]+$/,
    );
    await expect(card(page, 'Prof. Sameer Kulkarni').getByText('Your mentor')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Student Profile' })).toBeVisible();
    await expect(page.getByText(String(DEMO.student), { exact: true })).toBeVisible();
    await expect(page.getByText('CSE-A', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectAccessible(page);
  });
});

test('a teacher filters Manage Students by group and searches by roll number', async ({ page }) => {
  await signInAs(page, DEMO.otherTeacher, /\/teacher\/home$/);
  await nav(page, 'Manage Students');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Students' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('columnheader')).toHaveText(['Roll No', 'Name', 'Group', 'Email', 'Phone']);
  await expectAccessible(page);

  await page.getByLabel('Group').selectOption('CSE-B');
  await expect(table.getByRole('cell', { name: String(DEMO.otherGroupStudent), exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'CSE-A', exact: true })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'CSE-B', exact: true }).first()).toBeVisible();

  await page.getByLabel('Search students').fill(String(DEMO.otherGroupStudent));
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Group').selectOption('CSE-A');
  await expect(page.getByText('No students found.')).toBeVisible();
  await expectAccessible(page);
});

test('at phone width the teacher home, create forms and mentor cards fit the screen', async ({ browser }) => {
  const fitsWidth = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  const teacher = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await signInAs(teacher, DEMO.teacher, /\/teacher\/home$/);
  await teacher.getByRole('tab', { name: 'Create' }).click();
  await expect(teacher.getByRole('form', { name: 'Create mentor notice' })).toBeVisible();
  expect(await fitsWidth(teacher)).toBe(true);
  await expectAccessible(teacher);

  const student = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await signInAs(student, DEMO.student, /\/student\/home$/);
  await student.goto('/student/contact-teachers');
  await expect(student.getByRole('link', { name: /^Contact Mentor/ }).first()).toBeVisible();
  expect(await fitsWidth(student)).toBe(true);
  await expectAccessible(student);
});
