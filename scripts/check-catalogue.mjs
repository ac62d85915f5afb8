#!/usr/bin/env node
/**
 * The catalogue check (decision record 0090), run by `npm run lint`:
 * 1. every area's Hindi catalogue has exactly the keys of its English one;
 * 2. no visible string is written into a migrated file: a JSX text with letters, or a literal
 *    `label`, `placeholder`, `title`, `aria-label`, `description` or `alt`, fails.
 * Only the files in MIGRATED are held to (2); the rest of the app is not yet translated.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const LOCALES = 'apps/web/src/i18n/locales';
const LANGUAGES = ['en', 'hi'];

/** The screens whose every visible word comes from the catalogue: files, or folders with all in them. */
export const MIGRATED = [
  'apps/web/src/i18n',
  'apps/web/src/features/guardians/pages/guardian-children-page.tsx',
  'apps/web/src/features/guardians/pages/guardian-code-page.tsx',
  'apps/web/src/features/guardians/pages/guardian-consent-page.tsx',
  'apps/web/src/features/guardians/components/child-records.tsx',
  'apps/web/src/features/guardians/components/pass-consent.tsx',
  'apps/web/src/features/guardians/pages/guardian-notices-page.tsx',
  'apps/web/src/features/guardians/pages/guardian-settings-page.tsx',
  'apps/web/src/features/auth/pages/sign-in-page.tsx',
  'apps/web/src/features/gatepasses/pages/student-gatepass-page.tsx',
  'apps/web/src/features/gatepasses/components/gate-pass-form.tsx',
  'apps/web/src/features/gatepasses/components/gate-pass-card.tsx',
  'apps/web/src/features/gatepasses/components/gate-pass-list.tsx',
  'apps/web/src/features/gate/components/pass-qr.tsx',
  'apps/web/src/features/gate/pages/gate-desk-page.tsx',
  'apps/web/src/features/gate/components/camera-strip.tsx',
  'apps/web/src/features/gate/components/gate-answer.tsx',
  'apps/web/src/features/attendance/pages/teacher-attendance-page.tsx',
  'apps/web/src/features/attendance/components/roster-editor.tsx',
  'apps/web/src/features/attendance/components/attendance-roster.tsx',
  'apps/web/src/features/attendance/components/roster-bar.tsx',
  'apps/web/src/features/attendance/components/roster-row.tsx',
  'apps/web/src/components/roster-tools.tsx',
  'apps/web/src/components/roster-form.tsx',
  'apps/web/src/components/roster-send.ts',
  'apps/web/src/features/timetable/components/use-lecture-submit.ts',
  'apps/web/src/pwa/queued-marks.tsx',
  'apps/web/src/features/attendance/components/use-day-submit.ts',
  'apps/web/src/features/timetable/components/lecture-bar.tsx',
  'apps/web/src/features/timetable/components/lecture-editor.tsx',
  'apps/web/src/features/timetable/components/lecture-roster.tsx',
  'apps/web/src/features/timetable/components/lecture-row.tsx',
  'apps/web/src/features/timetable/pages/lecture-roster-page.tsx',
  'apps/web/src/pwa/queued-marks-text.ts',
  'apps/web/src/pwa/status-bar.tsx',
  'apps/web/src/features/leave/pages/student-leave-page.tsx',
  'apps/web/src/features/leave/components/leave-form.tsx',
  'apps/web/src/features/leave/components/leave-card.tsx',
  'apps/web/src/features/leave/components/attachment-button.tsx',
  'apps/web/src/features/people/pages/profile-page.tsx',
  'apps/web/src/features/people/components/profile-actions.tsx',
  'apps/web/src/features/privacy/download-my-data.tsx',
  'apps/web/src/app/guards.tsx',
  'apps/web/src/features/notifications/pages/notifications-page.tsx',
  'apps/web/src/features/notifications/components/notification-bell.tsx',
  'apps/web/src/features/mail/components/notification-settings.tsx',
  'apps/web/src/features/mail/components/link-page.tsx',
  'apps/web/src/features/mail/pages/verify-email-page.tsx',
  'apps/web/src/features/push/components/push-settings.tsx',
  'apps/web/src/features/support/pages/support-page.tsx',
  'apps/web/src/features/support/pages/help-page.tsx',
  'apps/web/src/features/support/components/support-form.tsx',
  'apps/web/src/features/faq/components/chatbot.tsx',
  'apps/web/src/features/faq/components/chat-panel.tsx',
  'apps/web/src/features/faq/components/chat-messages.tsx',
  'apps/web/src/features/faq/components/chat-suggestions.tsx',
  'apps/web/src/features/auth/components/change-password-form.tsx',
  'apps/web/src/features/auth/components/logout-button.tsx',
  'apps/web/src/features/auth/pages/forgot-password-page.tsx',
  'apps/web/src/features/auth/pages/reset-password-page.tsx',
  'apps/web/src/features/auth/pages/choose-password-page.tsx',
  'apps/web/src/features/sso/sso-sign-in.tsx',
  'apps/web/src/features/gatepasses/pages/teacher-gatepass-page.tsx',
  'apps/web/src/features/gatepasses/hooks/use-delayed-decisions.tsx',
  'apps/web/src/features/gatepasses/components/work-list-table.tsx',
  'apps/web/src/features/gatepasses/components/reject-dialog.tsx',
  'apps/web/src/features/leave/pages/teacher-leave-page.tsx',
  'apps/web/src/features/leave/components/leave-work-table.tsx',
  'apps/web/src/features/queries/pages/teacher-queries-page.tsx',
  'apps/web/src/features/queries/components/answer-query-dialog.tsx',
  'apps/web/src/features/queries/components/hide-query-dialog.tsx',
  'apps/web/src/features/queries/components/query-work-list-table.tsx',
  'apps/web/src/features/queries/components/solution-form.tsx',
  'apps/web/src/features/notices/pages/teacher-home-page.tsx',
  'apps/web/src/features/notices/pages/notice-create-page.tsx',
  'apps/web/src/features/notices/components/notice-forms.tsx',
  'apps/web/src/features/notices/components/create-notice-tabs.tsx',
  'apps/web/src/features/notices/components/targeting-fields.tsx',
  'apps/web/src/features/notices/components/use-notice-submit.ts',
  'apps/web/src/features/performance/pages/teacher-performance-page.tsx',
  'apps/web/src/features/performance/components/marks-form.tsx',
  'apps/web/src/features/performance/components/edit-marks-dialog.tsx',
  'apps/web/src/features/performance/components/mentee-marks.tsx',
  'apps/web/src/features/performance/components/use-marks-editor.tsx',
  'apps/web/src/features/performance/components/performance-table.tsx',
  'apps/web/src/features/syllabus/pages/teacher-syllabus-page.tsx',
  'apps/web/src/features/syllabus/components/add-syllabus-form.tsx',
  'apps/web/src/features/timetable/components/my-classes-card.tsx',
  'apps/web/src/features/timetable/pages/course-risk-page.tsx',
  'apps/web/src/features/timetable/components/course-risk-table.tsx',
  'apps/web/src/features/notices/pages/student-home-page.tsx',
  'apps/web/src/features/notices/components/notice-cards.tsx',
  'apps/web/src/features/notices/components/notice-list.tsx',
  'apps/web/src/features/notices/components/notice-search.tsx',
  'apps/web/src/features/timetable/components/today-card.tsx',
  'apps/web/src/features/timetable/components/day-card.tsx',
  'apps/web/src/features/timetable/components/standings-card.tsx',
  'apps/web/src/features/timetable/components/standing-badge.tsx',
  'apps/web/src/features/timetable/components/home-cards.tsx',
  'apps/web/src/features/timetable/components/course-table.tsx',
  'apps/web/src/features/timetable/pages/student-courses-page.tsx',
  'apps/web/src/features/attendance/pages/student-attendance-page.tsx',
  'apps/web/src/features/attendance/components/attendance-calendar.tsx',
  'apps/web/src/features/attendance/components/attendance-history.tsx',
  'apps/web/src/features/attendance/components/attendance-summary.tsx',
  'apps/web/src/features/performance/pages/student-performance-page.tsx',
  'apps/web/src/features/performance/components/performance-card.tsx',
  'apps/web/src/features/queries/pages/student-queries-page.tsx',
  'apps/web/src/features/queries/components/write-query-form.tsx',
  'apps/web/src/features/queries/components/query-card.tsx',
  'apps/web/src/features/queries/components/query-list.tsx',
  'apps/web/src/features/queries/components/like-button.tsx',
  'apps/web/src/features/syllabus/pages/student-syllabus-page.tsx',
  'apps/web/src/features/syllabus/components/syllabus-browser.tsx',
  'apps/web/src/features/syllabus/components/syllabus-card.tsx',
  'apps/web/src/features/syllabus/components/topic-matches.tsx',
  'apps/web/src/features/people/pages/contact-teachers-page.tsx',
  'apps/web/src/features/people/components/teacher-contact-card.tsx',
  'apps/web/src/features/people/components/contact-form.tsx',
  'apps/web/src/components/filter-bar.tsx',
  'apps/web/src/components/work-list-filters.tsx',
  'apps/web/src/components/pager.tsx',
  'apps/web/src/components/page-states.tsx',
  'apps/web/src/components/toast.tsx',
  'apps/web/src/components/held-decisions.tsx',
  'apps/web/src/components/opened-item.tsx',
  'apps/web/src/components/reject-reason-dialog.tsx',
  'apps/web/src/components/data-table.tsx',
  'apps/web/src/components/paged-table.tsx',
  'apps/web/src/components/tags.tsx',
  'apps/web/src/components/skip-link.tsx',
  'apps/web/src/components/not-found.tsx',
  'apps/web/src/components/day-input.tsx',
  'apps/web/src/features/attendance/pages/attendance-report-page.tsx',
  'apps/web/src/features/people/pages/manage-students-page.tsx',
  'apps/web/src/features/people/components/student-directory.tsx',
  'apps/web/src/features/gate/pages/movements-page.tsx',
];

const VISIBLE_PROPS = new Set(['label', 'placeholder', 'title', 'aria-label', 'description', 'alt']);
const HAS_LETTERS = /\p{L}/u;

/** A catalogue's keys, nested objects joined by dots. */
export function keysOf(catalogue, prefix = '') {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** What one language's catalogue of an area lacks that another's has, both ways. */
export function missingKeys(english, hindi) {
  const en = new Set(keysOf(english));
  const hi = new Set(keysOf(hindi));
  return {
    missingInHindi: [...en].filter((k) => !hi.has(k)),
    missingInEnglish: [...hi].filter((k) => !en.has(k)),
  };
}

/** The visible strings written into a TSX source instead of looked up: `{ line, text }` each. */
export function literalStrings(source, fileName = 'file.tsx') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const at = (node, text) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  const visit = (node) => {
    if (ts.isJsxText(node) && HAS_LETTERS.test(node.text)) at(node, node.text);
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      HAS_LETTERS.test(node.expression.text)
    ) {
      at(node, node.expression.text);
    }
    if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value
          : value &&
              ts.isJsxExpression(value) &&
              value.expression &&
              (ts.isStringLiteral(value.expression) || ts.isNoSubstitutionTemplateLiteral(value.expression))
            ? value.expression
            : null;
      if (literal && HAS_LETTERS.test(literal.text)) at(node, `${node.name.getText(file)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

function main() {
  const ROOT = fileURLToPath(new URL('..', import.meta.url));
  const problems = [];
  for (const area of readdirSync(join(ROOT, LOCALES, 'en')).filter((f) => f.endsWith('.json'))) {
    const [english, hindi] = LANGUAGES.map((language) => {
      try {
        return JSON.parse(readFileSync(join(ROOT, LOCALES, language, area), 'utf8'));
      } catch {
        problems.push(`${LOCALES}/${language}/${area}: missing or not JSON`);
        return {};
      }
    });
    const { missingInHindi, missingInEnglish } = missingKeys(english, hindi);
    for (const key of missingInHindi)
      problems.push(`${LOCALES}/hi/${area}: lacks "${key}", which English has`);
    for (const key of missingInEnglish)
      problems.push(`${LOCALES}/en/${area}: lacks "${key}", which Hindi has`);
  }
  for (const entry of MIGRATED) {
    for (const path of filesUnder(join(ROOT, entry))) {
      if (!path.endsWith('.tsx') || path.endsWith('.test.tsx')) continue;
      for (const { line, text } of literalStrings(readFileSync(path, 'utf8'), path)) {
        problems.push(
          `${relative(ROOT, path)}:${line}: "${text}" is written in; look it up in the catalogue`,
        );
      }
    }
  }
  if (problems.length > 0) {
    console.error(`The catalogue check found ${problems.length} problem(s):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('The catalogues match, and the translated screens take every word from them.');
}

if (import.meta.url.startsWith('file:') && process.argv[1] === fileURLToPath(import.meta.url)) main();
