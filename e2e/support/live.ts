/** The live update journey both setups share: a student watches Approved while a teacher decides. */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, signInAs } from './session';

export interface LiveScene {
  /** The pass's reason, which only this scene wrote. */
  reason: string;
  student: Page;
  teacher: Page;
  /** The pass's card in the student's Approved tab (none until it is approved). */
  approved: Locator;
  /** Whether the student's page was reloaded since the scene was set. */
  reloaded: () => boolean;
  close: () => Promise<void>;
}

/** A student (on `studentBase`) applies for a pass and opens Approved; a teacher (on `teacherBase`) signs in. */
export async function setLiveScene(
  browser: Browser,
  date: string,
  { studentBase, teacherBase }: { studentBase?: string; teacherBase?: string } = {},
): Promise<LiveScene> {
  const reason = `Live ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const student = await (await browser.newContext(studentBase ? { baseURL: studentBase } : {})).newPage();
  const teacher = await (await browser.newContext(teacherBase ? { baseURL: teacherBase } : {})).newPage();
  await signInAs(student, DEMO.student, /\/student\/home$/);
  await signInAs(teacher, DEMO.teacher, /\/teacher\/home$/);

  await student.goto('/student/gatepass');
  await student.getByLabel('Date').fill(date);
  await student.getByLabel('Time').fill('09:30');
  await student.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await student.getByRole('button', { name: 'Submit' }).click();
  await expect(
    student.getByRole('status').filter({ hasText: 'Gate pass submitted successfully!' }),
  ).toBeVisible();
  await student.getByRole('tab', { name: 'Approved Gate Pass', exact: true }).click();
  const approved = student.getByRole('tabpanel').getByRole('article').filter({ hasText: reason });
  await expect(approved).toHaveCount(0);
  let reloaded = false;
  student.on('framenavigated', (frame) => {
    if (frame === student.mainFrame()) reloaded = true;
  });

  await teacher.goto('/teacher/gatepass');
  await expect(teacher.getByRole('row').filter({ hasText: reason })).toBeVisible();
  return {
    reason,
    student,
    teacher,
    approved,
    reloaded: () => reloaded,
    close: async () => {
      await student.context().close();
      await teacher.context().close();
    },
  };
}

/**
 * The teacher approves the pass; the decision waits five seconds for Undo, so Send now sends it at
 * once. The student's open Approved tab must show it within 2 s of that, without a reload.
 */
export async function approveAndSeeItLive(scene: LiveScene): Promise<void> {
  const request = scene.teacher.getByRole('row').filter({ hasText: scene.reason });
  await request.getByRole('button', { name: 'Approve' }).click();
  await scene.teacher.getByRole('button', { name: 'Send now' }).click();
  const decidedAt = Date.now();
  await expect(scene.approved).toBeVisible({ timeout: 2000 });
  expect(Date.now() - decidedAt).toBeLessThan(2000);
  expect(scene.reloaded()).toBe(false);
}
