/**
 * The chatbot's free-text matcher: which FAQ item best answers a question typed by a user.
 *
 * Small and dependency-free because the FAQ is small (tens to a few hundred items): both sides are
 * normalized (case, accents, punctuation), tokenized, stripped of stop words and lightly stemmed;
 * each query token is matched against each item's tokens exactly, by prefix, or within a small edit
 * distance (typos: 1 for words of 4–7 letters, 2 for longer ones, none for shorter). Matches in the
 * question count more than matches in the answer, and rare words count more than common ones.
 * It answers only when one item accounts for most of the question and clearly more than any other;
 * otherwise it offers the closest questions. Measured against `test-set.ts` (`npm run bench:faq`).
 */

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
export const MATCH_THRESHOLD = 0.5;
/** The answer must account for this much more of the question than the next different answer. */
export const MATCH_MARGIN = 0.15;
/** An item offered as "Did you mean …?" accounts for at least this share of the question. */
export const SUGGESTION_THRESHOLD = 0.25;
export const MAX_SUGGESTIONS = 3;
/** A token found only in an answer counts this much of one found in a question. */
const ANSWER_WEIGHT = 0.5;
/** A similarity at or above this counts as "the token was found". */
const FOUND = 0.6;
const MAX_QUERY_TOKENS = 32;
/** A query word found in no item weighs this share of the rarest word's weight. */
const UNKNOWN_SHARE = 0.5;

const STOP_WORDS = new Set(
  (
    'a about after all also am an and any anyone are as at be been being but by can could did do does ' +
    'doing for from get gets getting go had has have having he her here hers him his how i if im in ' +
    'into is it its ive just know let like me mine my myself need needs no of off on one or our ours ' +
    'please should so some someone something tell than that the their theirs them then there these ' +
    'they this those to too u up us want wanna was we were what whats when where which who whom why ' +
    'will with would ya you your yours'
  ).split(' '),
);

/** Lower case, accents and apostrophes/hyphens dropped ("Wi-Fi" → "wifi"), other punctuation → space. */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`-]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A light English suffix stripper so that "resetting", "resets" and "reset" meet, and "application" "apply". */
export function stem(token: string): string {
  if (token.length >= 9 && token.endsWith('ication')) return `${token.slice(0, -7)}y`;
  if (token.length >= 6 && token.endsWith('ing')) return undouble(token.slice(0, -3));
  if (token.length >= 5 && token.endsWith('ies')) return `${token.slice(0, -3)}y`;
  if (token.length >= 5 && /(ss|sh|ch|x)es$/.test(token)) return token.slice(0, -2);
  if (token.length >= 5 && token.endsWith('ed')) return undouble(token.slice(0, -2));
  if (token.length >= 4 && token.endsWith('s') && !/(ss|us|is)$/.test(token)) return token.slice(0, -1);
  return token;
}

/** "resett" → "reset", "stopp" → "stop"; "fill", "pass", "buzz", "staff" keep their pair. */
function undouble(token: string): string {
  return /([^aeioulszf])\1$/.test(token) ? token.slice(0, -1) : token;
}

/** Meaningful, stemmed tokens of a text, without duplicates, in order of appearance. */
export function tokenize(text: string): string[] {
  const tokens = normalize(text)
    .split(' ')
    .filter((word) => word.length > 1 || /\d/.test(word))
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
  return [...new Set(tokens)];
}

/**
 * Optimal-string-alignment distance (a transposition counts as one edit), or `max + 1` as soon as
 * the distance is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Typos tolerated between two words, by the length of the shorter one. */
export function allowedEdits(length: number): number {
  if (length <= 3) return 0;
  if (length <= 7) return 1;
  return 2;
}

/**
 * How alike two tokens are: 1 equal, 0.8/0.6 one/two typos, 0.7 when they share most of a long
 * beginning ("attend"/"attendance", "approve"/"approval"), else 0.
 */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const edits = allowedEdits(short.length);
  if (edits > 0) {
    const distance = editDistance(a, b, edits);
    if (distance <= edits) return 1 - 0.2 * distance;
  }
  let prefix = 0;
  while (prefix < short.length && short[prefix] === long[prefix]) prefix++;
  if (prefix >= 5 && prefix >= 0.75 * short.length && prefix >= 0.5 * long.length) return 0.7;
  return 0;
}

function bestSimilarity(token: string, candidates: readonly string[]): number {
  let best = 0;
  for (const candidate of candidates) {
    best = Math.max(best, tokenSimilarity(token, candidate));
    if (best === 1) break;
  }
  return best;
}

interface Prepared<T extends FaqCandidate> {
  item: T;
  question: string[];
  answer: string[];
}

/** Tokens of a text plus each adjacent pair written as one word, so "gate pass" meets "gatepass". */
function withJoinedPairs(tokens: string[]): string[] {
  const joined = tokens.slice(1).map((token, i) => `${tokens[i]}${token}`);
  return [...tokens, ...joined];
}

function prepare<T extends FaqCandidate>(item: T): Prepared<T> {
  return {
    item,
    question: withJoinedPairs(tokenize(item.question)),
    answer: withJoinedPairs(tokenize(item.answer)),
  };
}

/**
 * Every item scored against the query, best first (ties keep the items' order). The score (0…1) is
 * the share of the query's information the item accounts for: each query word weighs its inverse
 * document frequency over the FAQ (a word found in no item weighs half as much as the rarest word:
 * it may be what the question is about, which the FAQ does not know), and counts by how well it is found
 * in the item — fully in its question, half in its answer, less for a typo or a shared beginning.
 */
export function scoreFaq<T extends FaqCandidate>(query: string, items: readonly T[]): ScoredMatch<T>[] {
  const queryTokens = tokenize(query).slice(0, MAX_QUERY_TOKENS);
  if (queryTokens.length === 0 || items.length === 0) return [];
  const prepared = items.map(prepare);

  const questionSim = queryTokens.map((token) => prepared.map((p) => bestSimilarity(token, p.question)));
  const similarity = queryTokens.map((token, t) =>
    prepared.map((p, i) => Math.max(questionSim[t]![i]!, ANSWER_WEIGHT * bestSimilarity(token, p.answer))),
  );

  const n = items.length;
  const rarest = Math.log(1 + n);
  const weights = similarity.map((row) => {
    const documents = row.filter((s) => s >= FOUND * ANSWER_WEIGHT).length;
    return documents > 0 ? Math.log(1 + n / documents) : UNKNOWN_SHARE * rarest;
  });
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);

  const scored = prepared.map((p, i) => {
    let matched = 0;
    let inQuestion = false;
    queryTokens.forEach((_, t) => {
      matched += weights[t]! * similarity[t]![i]!;
      if (questionSim[t]![i]! >= FOUND) inQuestion = true;
    });
    // An item whose question shares no word with the query is at best a guess from its answer.
    const score = matched / totalWeight;
    return { item: p.item, score: inQuestion ? score : score * ANSWER_WEIGHT };
  });
  return scored
    .map((s, index) => ({ ...s, index }))
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
  if (!best) return { match: null, suggestions: [] };
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
