/** Precision and recall of the chatbot's matcher against a set of questions with known answers. */
import { answerFaq, type FaqCandidate } from './matcher';
import type { FaqTestCase } from './test-set';

export interface FaqOutcome {
  asked: string;
  expected: string | null;
  answered: string | null;
  suggested: string[];
}

export interface FaqEvaluation {
  outcomes: FaqOutcome[];
  /** Of the answers given, the share that were the expected one. */
  precision: number;
  /** Of the questions the FAQ answers, the share answered with the expected item. */
  recall: number;
  /** Of the questions the FAQ answers, the share where the expected item was answered or suggested. */
  answeredOrSuggested: number;
}

export function evaluateMatcher(
  items: readonly FaqCandidate[],
  cases: readonly FaqTestCase[],
): FaqEvaluation {
  const outcomes = cases.map(({ asked, expected }) => {
    const { match, suggestions } = answerFaq(asked, items);
    return {
      asked,
      expected,
      answered: match?.question ?? null,
      suggested: suggestions.map((s) => s.question),
    };
  });
  const given = outcomes.filter((o) => o.answered !== null);
  const answerable = outcomes.filter((o) => o.expected !== null);
  const right = given.filter((o) => o.answered === o.expected);
  const reached = answerable.filter((o) => o.answered === o.expected || o.suggested.includes(o.expected!));
  return {
    outcomes,
    precision: given.length ? right.length / given.length : 1,
    recall: answerable.length ? right.length / answerable.length : 1,
    answeredOrSuggested: answerable.length ? reached.length / answerable.length : 1,
  };
}
