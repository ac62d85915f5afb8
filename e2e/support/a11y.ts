/**
 * The accessibility check every e2e test runs on each page it visits: axe finds no WCAG 2.1 AA violation.
 *
 * axe runs in the page itself, loaded there once for each document rather than for each check. The
 * app is one document from sign-in to sign-out, so a test's later checks find axe already there.
 * `AxeBuilder.analyze()`, which a page with frames still uses (axe must run in each of them), loads
 * axe's 580 KB into the page on every call and again into a blank page it opens to merge the frames'
 * results: about four fifths of a check's time in a slow browser, for the same rules and results.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

async function violationsIn(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1) {
    return (await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()).violations;
  }
  const loaded = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const results = await inPage.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target }) => ({ target: [...target] })),
    }));
  }, WCAG_21_AA);
}

export async function expectAccessible(page: Page): Promise<void> {
  // A dialog or menu still fading in is part transparent, and axe would judge its colours blended
  // with the page behind: check what a person sees once it has settled.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const violations = await violationsIn(page);
  const summary = violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}
