/**
 * `npm run bench:faq`: the chatbot matcher's precision and recall against the demo FAQ, on the
 * held-out set (the measure) and on the tuning set the synonyms were fitted on, with every question
 * that went wrong.
 */
import { FAQ } from '../../db/seed/demo-data';
import { evaluateMatcher } from './evaluate';
import { FAQ_HELD_OUT_SET } from './held-out-set';
import { FAQ_TEST_SET, type FaqTestCase } from './test-set';

const items = FAQ.map((item, i) => ({ id: `faq-${i}`, ...item }));
const percent = (x: number) => `${(100 * x).toFixed(1)} %`;

function report(name: string, cases: readonly FaqTestCase[]) {
  const result = evaluateMatcher(items, cases);
  console.log(`\n${name}`);
  for (const o of result.outcomes) {
    if (o.answered === o.expected) continue;
    const suggested = o.suggested.length ? ` (suggested: ${o.suggested.join(' | ')})` : '';
    console.log(
      `  ✗ "${o.asked}": expected ${o.expected ?? 'no answer'}, got ${o.answered ?? 'no answer'}${suggested}`,
    );
  }
  const answerable = cases.filter((c) => c.expected !== null).length;
  console.log(
    `  ${cases.length} questions (${answerable} the FAQ answers): precision ${percent(result.precision)}, ` +
      `recall ${percent(result.recall)}, answered or suggested ${percent(result.answeredOrSuggested)}`,
  );
}

report('Tuning set (test-set.ts, the synonyms were fitted on it)', FAQ_TEST_SET);
report('Held-out set (held-out-set.ts, the measure)', FAQ_HELD_OUT_SET);
