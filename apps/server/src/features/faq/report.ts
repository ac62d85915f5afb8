/**
 * `npm run bench:faq`: the chatbot matcher's precision and recall on its test set (the demo FAQ and
 * the questions of test-set.ts), with every question that went wrong.
 */
import { FAQ } from '../../db/seed/demo-data';
import { evaluateMatcher } from './evaluate';
import { FAQ_TEST_SET } from './test-set';

const items = FAQ.map((item, i) => ({ id: `faq-${i}`, ...item }));
const result = evaluateMatcher(items, FAQ_TEST_SET);
const percent = (x: number) => `${(100 * x).toFixed(1)} %`;

for (const o of result.outcomes) {
  if (o.answered === o.expected) continue;
  const suggested = o.suggested.length ? ` (suggested: ${o.suggested.join(' | ')})` : '';
  console.log(
    `✗ "${o.asked}": expected ${o.expected ?? 'no answer'}, got ${o.answered ?? 'no answer'}${suggested}`,
  );
}
const answerable = FAQ_TEST_SET.filter((c) => c.expected !== null).length;
console.log(
  `\n${FAQ_TEST_SET.length} questions (${answerable} the FAQ answers): precision ${percent(result.precision)}, ` +
    `recall ${percent(result.recall)}, answered or suggested ${percent(result.answeredOrSuggested)}`,
);
