/**
 * The chatbot's free-text matcher: which FAQ item best answers a question typed by a user.
 *
 * The search is MiniSearch's (decision record 0072): BM25 scores in each item's question and in its
 * answer, with prefix and fuzzy matching for typos. Both sides are read alike by text.ts
 * (stop words, a suffix stemmer, the synonym table). On top of it, a confidence: the share of the
 * question's words the item accounts for, each word weighted by how telling it is, so that the
 * chatbot answers only when one item clearly answers most of the question and otherwise offers the
 * closest questions. Measured on held-out-set.ts (`npm run bench:faq`).
 */
import MiniSearch, { type SearchOptions } from 'minisearch';
import { normalize, termsOf, tokenize } from './text';

export interface FaqCandidate {
  id: string;
  question: string;
  answer: string;
}

export interface ScoredMatch<T extends FaqCandidate> {
  item: T;
  score: number;
}

/** Below this share of the question an item does not answer it. */
export const MATCH_THRESHOLD = 0.55;
/** The answer must account for this much more of the question than the next different answer. */
export const MATCH_MARGIN = 0.15;
/** An item offered as "Did you mean …?" accounts for at least this share of the question. */
export const SUGGESTION_THRESHOLD = 0.25;
export const MAX_SUGGESTIONS = 3;
/** A word found in no item weighs this share of an average found word: it may be what is asked. */
const UNKNOWN_SHARE = 0.7;
/** An item found by its answer alone is at best a guess: its share counts this much. */
const ANSWER_ONLY = 0.5;
const MAX_QUERY_TERMS = 32;
/** A word found only with a typo or by its beginning counts this much of one found as it is. */
const FUZZY_WEIGHT = 0.6;

const SEARCH: SearchOptions = {
  // A word's weight is its best score in either field: one in a question tells three times more.
  boost: { question: 3 },
  // Typos: one edit in words of 4–7 letters, two from 8; none in shorter words.
  fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
  prefix: (term) => term.length >= 5,
  weights: { fuzzy: FUZZY_WEIGHT, prefix: 0.5 },
  // The query's terms are already read by text.ts: each is searched as it is.
  tokenize: (text) => [text],
  processTerm: (term) => term,
};

function buildIndex(items: readonly FaqCandidate[]): MiniSearch<FaqCandidate> {
  const index = new MiniSearch<FaqCandidate>({
    fields: ['question', 'answer'],
    // Stop words are left out here rather than in processTerm, so that BM25's field lengths count
    // only the words that mean something.
    tokenize: (text) =>
      normalize(text)
        .split(' ')
        .filter((word) => termsOf(word).length > 0),
    processTerm: (word) => termsOf(word),
  });
  // Items are indexed by their position: ids need not be unique for the matcher to work.
  index.addAll(items.map((item, i) => ({ ...item, id: String(i) })));
  return index;
}

/** The index of the last FAQ asked about: the FAQ changes rarely, questions come often. */
let cached: { key: string; index: MiniSearch<FaqCandidate> } | undefined;

function indexFor(items: readonly FaqCandidate[]): MiniSearch<FaqCandidate> {
  const key = JSON.stringify(items.map((item) => [item.question, item.answer]));
  if (cached?.key !== key) cached = { key, index: buildIndex(items) };
  return cached.index;
}

const EXACT: SearchOptions = { ...SEARCH, fuzzy: false, prefix: false };

/**
 * Each item's score for one term in one field (by position), as a share of an exact match's: when
 * no item has the word itself, the best typo or prefix match counts FUZZY_WEIGHT of one.
 */
function fieldShares(index: MiniSearch<FaqCandidate>, term: string, field: string, count: number) {
  const scores = new Array<number>(count).fill(0);
  for (const result of index.search(term, { ...SEARCH, fields: [field] }))
    scores[Number(result.id)] = result.score;
  const best = Math.max(...scores);
  const exact = Math.max(0, ...index.search(term, { ...EXACT, fields: [field] }).map((r) => r.score));
  const reference = exact > 0 ? exact : best / FUZZY_WEIGHT;
  return {
    shares: scores.map((score) => (reference > 0 ? Math.min(1, score / reference) : 0)),
    best: reference,
  };
}

/**
 * For each query term: how telling it is (its best BM25 score in either field: rarer words score
 * higher), and how much of it each item has (found in its question counts 1 for the best item, found
 * only in its answer ANSWER_ONLY).
 */
function termScores(index: MiniSearch<FaqCandidate>, terms: string[], count: number) {
  return terms.map((term) => {
    const question = fieldShares(index, term, 'question', count);
    const answer = fieldShares(index, term, 'answer', count);
    const shares = question.shares.map((share, i) => Math.max(share, ANSWER_ONLY * answer.shares[i]!));
    return {
      shares,
      inQuestion: question.shares.map((share) => share > 0),
      weight: Math.max(question.best, answer.best),
    };
  });
}

/**
 * Every item scored against the query, best first (ties keep the items' order). The score (0…1) is
 * the share of the query the item accounts for: each query word weighs how telling it is over the
 * FAQ (a word found nowhere weighs UNKNOWN_SHARE of an average found word) and counts by how much of
 * it the item has.
 */
export function scoreFaq<T extends FaqCandidate>(query: string, items: readonly T[]): ScoredMatch<T>[] {
  const terms = tokenize(query).slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0 || items.length === 0) return [];
  const rows = termScores(indexFor(items), terms, items.length);
  const found = rows.filter((row) => row.weight > 0);
  if (found.length === 0) return items.map((item) => ({ item, score: 0 }));
  const known = found.reduce((sum, row) => sum + row.weight, 0);
  const total = known + (rows.length - found.length) * UNKNOWN_SHARE * (known / found.length);

  return items
    .map((item, i) => {
      const matched = rows.reduce((sum, row) => sum + row.weight * row.shares[i]!, 0);
      const byQuestion = rows.some((row) => row.inQuestion[i]);
      return { item, score: (matched / total) * (byQuestion ? 1 : ANSWER_ONLY), index: i };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item, score }) => ({ item, score }));
}

export interface FaqAnswer<T extends FaqCandidate> {
  /** The item that answers the question, when one does so clearly. */
  match: T | null;
  /** When none does: the closest questions, best first ("Did you mean …?"). */
  suggestions: T[];
}

/**
 * The item that answers `query` when one accounts for most of the question (MATCH_THRESHOLD) and
 * clearly more of it than any other answer (MATCH_MARGIN); otherwise no match and up to
 * MAX_SUGGESTIONS items that account for part of it.
 */
export function answerFaq<T extends FaqCandidate>(query: string, items: readonly T[]): FaqAnswer<T> {
  const scored = scoreFaq(query, items);
  const [best] = scored;
  if (!best || best.score === 0) return { match: null, suggestions: [] };
  const runnerUp = scored.find((s) => s.item.answer !== best.item.answer);
  const clear = !runnerUp || best.score - runnerUp.score >= MATCH_MARGIN;
  if (best.score >= MATCH_THRESHOLD && clear) return { match: best.item, suggestions: [] };
  const suggestions = scored
    .filter((s) => s.score >= SUGGESTION_THRESHOLD)
    .slice(0, MAX_SUGGESTIONS)
    .map((s) => s.item);
  return { match: null, suggestions };
}

/** The item that clearly answers `query`, or null (see answerFaq). */
export function bestFaqMatch<T extends FaqCandidate>(query: string, items: readonly T[]): T | null {
  return answerFaq(query, items).match;
}
