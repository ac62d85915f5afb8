/**
 * Every screen at the width of a small phone: nothing may scroll the page sideways, and a teacher marks
 * a student absent without scrolling sideways (issue 14).
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { PATHS, ROLE_HOME, type Role } from '@campus/contract';
import { PAGE_LOAD, settle } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

const PHONE = { width: 360, height: 740 };
const ACCOUNT: Record<Role, number> = {
  student: DEMO.student,
  teacher: DEMO.teacher,
  admin: DEMO.admin,
  guard: DEMO.guard,
  guardian: DEMO.guardian,
};

/**
 * How far the page reaches past the viewport's right edge and, when it does, the element reaching
 * furthest (text overflowing its box counts; content of a container that scrolls on its own does not).
 */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; culprit: string }> {
  return page.evaluate(() => {
    const limit = window.innerWidth;
    const overflow = document.documentElement.scrollWidth - limit;
    if (overflow <= 0) return { overflow, culprit: '' };
    const clipped = (element: Element): boolean => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    let culprit = '';
    let furthest = 0;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      const right = Math.max(box.right, box.left + element.scrollWidth);
      // Ancestors reach as far as what overflows them; document order lets the innermost win a tie.
      if (right > limit && right >= furthest && !clipped(element)) {
        furthest = right;
        const text = (element.textContent ?? '').trim().slice(0, 40);
        culprit = `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> "${text}"`;
      }
    }
    return { overflow, culprit };
  });
}

/** Soft, so one run names every screen that overflows rather than only the first. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { overflow, culprit } = await sidewaysOverflow(page);
  expect
    .soft(overflow, `${where} scrolls sideways by ${overflow} px at ${PHONE.width} px; widest: ${culprit}`)
    .toBeLessThanOrEqual(0);
}

/** The screen, then each of its tabs in turn. */
async function checkScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
  await expectNoSidewaysScroll(page, path);
  const tabs = page.getByRole('main').getByRole('tab');
  const names = await tabs.allTextContents();
  for (const [index, name] of names.entries()) {
    await tabs.nth(index).click();
    await settle(page);
    await expectNoSidewaysScroll(page, `${path}, tab ${name}`);
  }
}

/** The element shows its whole text: nothing cut off at its own edge or at the screen's. */
async function expectFullyShown(element: Locator, what: string): Promise<void> {
  await expect(element).toBeVisible();
  const { right, hidden } = await element.evaluate((el) => ({
    right: el.getBoundingClientRect().right,
    hidden: el.scrollWidth - el.clientWidth,
  }));
  expect.soft(hidden, `${what} is cut off by ${hidden} px`).toBeLessThanOrEqual(1);
  expect.soft(right, `${what} reaches past the screen's edge`).toBeLessThanOrEqual(PHONE.width);
}

async function phonePage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: PHONE })).newPage();
}

test.describe('at phone width (360 px)', () => {
  test('the sign-in and support screens do not scroll sideways', async ({ browser }) => {
    const page = await phonePage(browser);
    for (const path of [PATHS.signIn, PATHS.support]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible(PAGE_LOAD);
      await expectNoSidewaysScroll(page, path);
    }
  });

  for (const role of ['student', 'teacher', 'admin', 'guard'] as const) {
    test(`no ${role} screen scrolls sideways`, async ({ browser }) => {
      const screens = Object.values(PATHS[role]);
      test.setTimeout(60_000 + screens.length * 30_000);
      const page = await phonePage(browser);
      await signInAs(page, ACCOUNT[role], new RegExp(`^[^?]*${ROLE_HOME[role]}$`));
      for (const path of screens) {
        await test.step(path, () => checkScreen(page, path));
      }
    });
  }

  test("a teacher reaches each student's Absent choice without scrolling sideways", async ({ browser }) => {
    const page = await phonePage(browser);
    await signInAs(page, DEMO.teacher, /\/teacher\/home$/);
    await page.goto(PATHS.teacher.attendance);
    await page.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option').first().click();
    // A student on leave that day (an approved gate pass of another journey) has no Absent to choose.
    const student = page
      .getByRole('radiogroup', { name: /^Attendance of / })
      .filter({ has: page.getByRole('radio', { name: 'Absent' }) })
      .first();
    await expect(student).toBeVisible(PAGE_LOAD);

    const absent = student.getByText('Absent', { exact: true });
    // Rows on leave may come first: scrolling down to the row is fine, scrolling sideways is not.
    await student.scrollIntoViewIfNeeded();
    await expect(absent).toBeInViewport({ ratio: 1 });
    await absent.click();
    await expect(student.getByRole('radio', { name: 'Absent' })).toBeChecked();
    await expect(page.getByText(/· Absent 1 ·/)).toBeVisible();
    await expectNoSidewaysScroll(page, PATHS.teacher.attendance);
  });

  test("a student's gate pass form says who applies and shows its Submit on the first screen", async ({
    browser,
  }) => {
    const page = await phonePage(browser);
    await signInAs(page, DEMO.student, /\/student\/home$/);
    await page.goto(PATHS.student.gatepass);
    const applyingAs = page.getByRole('region', { name: 'Applying as' });
    await expect(applyingAs).toContainText(String(DEMO.student), PAGE_LOAD);
    await expect(applyingAs.getByRole('definition')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, PATHS.student.gatepass);
  });

  test('a teacher reads each request and reaches its Approve and Reject without scrolling sideways', async ({
    browser,
  }) => {
    const reason = `Phone ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    const student = await phonePage(browser);
    await signInAs(student, DEMO.student, /\/student\/home$/);
    await student.goto(PATHS.student.gatepass);
    await student.getByLabel('Date').fill('2031-10-10');
    await student.getByLabel('Time').fill('11:15');
    await student.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await student.getByRole('button', { name: 'Submit' }).click();
    await expect(student.getByText('Gate pass submitted successfully!')).toBeVisible();

    const page = await phonePage(browser);
    await signInAs(page, DEMO.teacher, /\/teacher\/home$/);
    await page.goto(PATHS.teacher.gatepass);
    const region = page.getByRole('region', { name: 'Gate pass requests' });
    const request = region.getByRole('row').filter({ hasText: reason });
    await expect(request).toBeVisible(PAGE_LOAD);
    // Each request is a card: what the teacher decides on and the buttons are all on screen, and
    // nothing scrolls sideways, not even inside the table's region.
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await request.scrollIntoViewIfNeeded();
    for (const part of [
      request.getByText(reason),
      request.getByText('10 Oct 2031'),
      request.getByRole('button', { name: 'Approve' }),
      request.getByRole('button', { name: 'Reject' }),
    ]) {
      const box = await part.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
      expect.soft(box.left, `${await part.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
      expect.soft(box.right, `${await part.textContent()} ends on screen`).toBeLessThanOrEqual(PHONE.width);
    }
    await expectNoSidewaysScroll(page, PATHS.teacher.gatepass);
    await request.getByRole('button', { name: 'Approve' }).click();
    // Resting on the toast holds the countdown while the checks below run.
    await page.getByText('Approved the gate pass of').hover();
    await expect(request).toContainText('Approved');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(request.getByRole('button', { name: 'Approve' })).toBeVisible();
    await expectNoSidewaysScroll(page, PATHS.teacher.gatepass);
  });

  test('every list but the two work lists is a stack of cards, with 44 px tap targets', async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    const screens: { role: 'teacher' | 'admin'; path: string; group?: boolean }[] = [
      { role: 'admin', path: PATHS.admin.manageStudents },
      { role: 'admin', path: PATHS.admin.manageTeachers },
      { role: 'admin', path: PATHS.admin.groups },
      { role: 'admin', path: PATHS.admin.audit },
      { role: 'admin', path: PATHS.admin.help },
      { role: 'admin', path: PATHS.admin.queries },
      { role: 'admin', path: PATHS.admin.manageGuards },
      { role: 'admin', path: PATHS.admin.attendanceReport, group: true },
      { role: 'teacher', path: PATHS.teacher.performance },
      { role: 'teacher', path: PATHS.teacher.manage },
    ];
    const pages = { admin: await phonePage(browser), teacher: await phonePage(browser) };
    await signInAs(pages.admin, DEMO.admin, /\/admin\/home$/);
    await signInAs(pages.teacher, DEMO.teacher, /\/teacher\/home$/);
    for (const { role, path, group } of screens) {
      await test.step(path, async () => {
        const page = pages[role];
        await page.goto(path);
        if (group) {
          await page.getByRole('combobox', { name: 'Group' }).click();
          await page.getByRole('option').first().click();
        }
        const table = page.getByRole('main').getByRole('table').first();
        const row = table.locator('tbody > tr').first();
        await expect(row).toBeVisible(PAGE_LOAD);
        await settle(page);
        // A card: the row's cells stand one under another, each named by its column.
        expect
          .soft(await row.evaluate((el) => getComputedStyle(el).display), `${path}: a row is a card`)
          .toBe('grid');
        const labelled = row.locator('td[data-label]').first();
        expect
          .soft(
            await labelled.evaluate((el) => getComputedStyle(el, '::before').content),
            `${path}: a card names its cells`,
          )
          .not.toBe('none');
        const region = table.locator('xpath=ancestor::*[@role="region"][1]');
        expect
          .soft(
            await region.evaluate((el) => el.scrollWidth - el.clientWidth),
            `${path}: the list scrolls sideways`,
          )
          .toBeLessThanOrEqual(0);
        await expectNoSidewaysScroll(page, path);
        // Every button and radio in a row, and each pager button, is a finger's width tall.
        const targets = page
          .getByRole('main')
          .locator('tbody :is(button, input[type=radio]), nav[aria-label$=" pages"] button');
        for (const target of await targets.all()) {
          if (!(await target.isVisible())) continue;
          const box = await target.boundingBox();
          // Gone since it was listed: the list was redrawn by a live update (another test's question).
          if (box === null) continue;
          const name = (await target.getAttribute('aria-label')) ?? (await target.textContent()) ?? '';
          expect
            .soft(box.height, `${path}: "${name.trim()}" is at least 44 px tall`)
            .toBeGreaterThanOrEqual(44);
        }
      });
    }
    const burger = await pages.admin.getByRole('button', { name: 'Open navigation' }).boundingBox();
    expect(burger?.height).toBeGreaterThanOrEqual(44);
    expect(burger?.width).toBeGreaterThanOrEqual(44);
  });

  test('the tabs of a screen are one strip that scrolls on its own, not a ragged stack', async ({
    browser,
  }) => {
    const page = await phonePage(browser);
    await signInAs(page, DEMO.admin, /\/admin\/home$/);
    await page.goto(PATHS.admin.leave);
    const tabs = page.getByRole('main').getByRole('tab');
    await expect(tabs.first()).toBeVisible(PAGE_LOAD);
    const tops = await tabs.evaluateAll((all) =>
      all.map((tab) => Math.round(tab.getBoundingClientRect().top)),
    );
    expect(tops.length).toBeGreaterThan(1);
    expect(new Set(tops).size, 'every tab on one line').toBe(1);
    const last = tabs.last();
    await last.click();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expectNoSidewaysScroll(page, PATHS.admin.leave);
  });

  test('a screen opened on a later tab from its address shows that tab in its strip', async ({ browser }) => {
    const page = await phonePage(browser);
    await signInAs(page, DEMO.student, /\/student\/home$/);
    await page.goto('/student/queries?tab=solved');
    const chosen = page.getByRole('tab', { name: 'Solved Queries' });
    await expect(chosen).toHaveAttribute('aria-selected', 'true', PAGE_LOAD);
    await expect(chosen).toBeInViewport({ ratio: 0.99 });
    // The strip stays where the user scrolls it.
    const strip = page.getByRole('main').getByRole('tablist');
    await strip.evaluate((list) => (list.scrollLeft = 0));
    await expect(page.getByRole('tab', { name: 'Queries', exact: true })).toBeInViewport({ ratio: 0.99 });
    await expect.poll(() => strip.evaluate((list) => list.scrollLeft)).toBe(0);
  });

  test('the filters of a list wait behind a Filters button that counts those set', async ({ browser }) => {
    const page = await phonePage(browser);
    await signInAs(page, DEMO.admin, /\/admin\/home$/);
    await page.goto(PATHS.admin.manageStudents);
    const filters = page.getByRole('button', { name: 'Filters' });
    await expect(filters).toBeVisible(PAGE_LOAD);
    // Search stays in view; the group and status choices wait.
    await expect(page.getByRole('searchbox', { name: 'Search students' })).toBeVisible();
    const group = page.getByRole('combobox', { name: 'Group' });
    await expect(group).toBeHidden();
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    expect((await filters.boundingBox())?.height).toBeGreaterThanOrEqual(44);

    await filters.click();
    await expect(group).toBeVisible();
    await group.selectOption('CSE-B');
    await expect(page.getByRole('button', { name: 'Filters (1 active)' })).toBeVisible();
    await expect(page.getByRole('main').locator('tbody > tr').first()).toContainText('CSE-B');
    await expectNoSidewaysScroll(page, PATHS.admin.manageStudents);

    // At a desktop's width the filters stand in their row and there is no button.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(group).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  });

  test('long words and email addresses wrap on notices, courses and FAQ items', async ({ browser }) => {
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    const word = `Interdisciplinaryentrepreneurshipsymposium${unique}`;
    const email = `organising.committee.${unique}@department-of-computer-science.campus.example.edu`;

    const teacher = await phonePage(browser);
    await signInAs(teacher, DEMO.teacher, /\/teacher\/home$/);
    await teacher.goto(PATHS.teacher.noticeCreate);
    await teacher.getByRole('tab', { name: 'Event' }).click();
    const eventForm = teacher.getByRole('form', { name: 'Create event' });
    await eventForm.getByLabel('Event name').fill(word);
    await eventForm.getByLabel('Hosted by').fill('Coding Club');
    await eventForm.getByLabel('Contact email').fill(email);
    await eventForm.getByLabel('Date').fill('2030-05-01');
    await eventForm.getByLabel('Time').fill('10:30');
    await eventForm.getByLabel('Description').fill(word);
    await eventForm.getByRole('button', { name: 'Create event' }).click();
    await expect(
      eventForm.page().getByRole('status').filter({ hasText: 'Notice created successfully' }).last(),
    ).toBeVisible();

    await teacher.goto(PATHS.teacher.home);
    await teacher.getByRole('tab', { name: 'Events' }).click();
    const event = teacher.getByRole('article').filter({ has: teacher.getByRole('heading', { name: word }) });
    await expectFullyShown(event.getByRole('heading', { name: word }), 'an event name');
    await expectFullyShown(event.getByText(/^Contact:/), 'an event contact email');
    await expectNoSidewaysScroll(teacher, `${PATHS.teacher.home}, tab Events`);

    await teacher.goto(PATHS.teacher.syllabus);
    const syllabusForm = teacher.getByRole('form', { name: 'Add syllabus' });
    await syllabusForm.getByLabel('Course name').fill(word);
    await syllabusForm.getByLabel('Semester').fill('5');
    await syllabusForm.getByLabel('Topics').fill(word);
    await syllabusForm.getByRole('button', { name: 'Add Syllabus' }).click();
    await expect(
      syllabusForm.page().getByRole('status').filter({ hasText: 'Syllabus added successfully!' }).last(),
    ).toBeVisible();
    await teacher.getByLabel('Search courses').fill(word);
    const course = teacher.getByRole('article').filter({ has: teacher.getByRole('heading', { name: word }) });
    await expectFullyShown(course.getByRole('heading', { name: word }), 'a course name');
    await expectFullyShown(course.getByRole('listitem'), 'a course topic');
    await expectNoSidewaysScroll(teacher, PATHS.teacher.syllabus);

    const admin = await phonePage(browser);
    await signInAs(admin, DEMO.admin, /\/admin\/home$/);
    await admin.goto(PATHS.admin.faq);
    const addForm = admin.getByRole('form', { name: 'Add a question' });
    await addForm.getByRole('textbox', { name: 'Question' }).fill(`${word}?`);
    await addForm.getByRole('textbox', { name: 'Answer' }).fill(word);
    await addForm.getByRole('button', { name: 'Add question' }).click();
    const entry = admin.getByRole('listitem').filter({ hasText: `${word}?` });
    await expectFullyShown(entry.getByRole('heading', { name: `${word}?` }), 'an FAQ question');
    await expectNoSidewaysScroll(admin, PATHS.admin.faq);

    // The chatbot offers every FAQ item to everyone: take this one away again.
    await entry.getByRole('button', { name: 'Delete' }).click();
    await admin
      .getByRole('dialog', { name: 'Delete this question?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(entry).toHaveCount(0);
  });
});

/** Every visible part of the top bar, and how far it is cut: by the screen's edges or by its own box. */
async function topBarCuts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return ['no top bar'];
    const cuts: string[] = [];
    const width = window.innerWidth;
    for (const element of Array.from(header.querySelectorAll<HTMLElement>('a, button, img, [aria-label]'))) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || style.visibility === 'hidden' || element.closest('[aria-hidden="true"]'))
        continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
      if (box.left < -0.5 || box.right > width + 0.5)
        cuts.push(`"${name}" reaches past the screen (${box.left}–${box.right})`);
      // Clipped by an ancestor that hides its overflow (the navigation's own row).
      for (let up = element.parentElement; up && up !== header; up = up.parentElement) {
        if (getComputedStyle(up).overflow === 'visible') continue;
        const clip = up.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
          cuts.push(`"${name}" is cut by its row`);
      }
    }
    return cuts;
  });
}

test("nothing in any role's top bar is cut off, from 320 to 1440 px", async ({ browser }) => {
  for (const role of ['student', 'teacher', 'admin'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAs(page, ACCOUNT[role], new RegExp(`/${role}/home$`));
    await settle(page);
    for (const width of [320, 360, 414, 768, 1024, 1199, 1200, 1280, 1366, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      // The bar refits on resize: wait until what it shows stops changing.
      await expect.poll(() => topBarCuts(page), { message: `${role} at ${width} px` }).toEqual([]);
    }
    // At 1280 every item is reachable: in the bar or under "More".
    await page.setViewportSize({ width: 1280, height: 800 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link').first()).toBeVisible();
    await context.close();
  }
});
