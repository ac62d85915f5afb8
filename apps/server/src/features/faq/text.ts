/**
 * How the chatbot reads text, in the FAQ and in typed questions alike: normalized, split into words,
 * stop words dropped, each word stemmed and read through the synonym table (synonyms.ts).
 */
import { COMPOUNDS, SYNONYM_GROUPS } from './synonyms';

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

/** "resett" → "reset", "stopp" → "stop"; "fill", "pass", "buzz", "staff" keep their pair. */
function undouble(token: string): string {
  return /([^aeioulszf])\1$/.test(token) ? token.slice(0, -1) : token;
}

/** A compact English suffix stemmer: "resetting", "resets" and "reset" meet, "application" "apply". */
export function stem(token: string): string {
  return dropFinalE(stripSuffix(token));
}

function stripSuffix(token: string): string {
  if (token.length >= 9 && token.endsWith('ication')) return `${token.slice(0, -7)}y`;
  if (token.length >= 6 && token.endsWith('ing')) return undouble(token.slice(0, -3));
  if (token.length >= 5 && token.endsWith('ies')) return `${token.slice(0, -3)}y`;
  if (token.length >= 5 && /(ss|sh|ch|x)es$/.test(token)) return token.slice(0, -2);
  if (token.length >= 5 && token.endsWith('ed')) return undouble(token.slice(0, -2));
  if (token.length >= 4 && token.endsWith('s') && !/(ss|us|is)$/.test(token)) return token.slice(0, -1);
  return token;
}

/** "approve"/"approved", "leave"/"leaving" meet on "approv", "leav". */
function dropFinalE(token: string): string {
  return token.length > 4 && token.endsWith('e') && !token.endsWith('ee') ? token.slice(0, -1) : token;
}

/** Stemmed word → the stemmed first word of its synonym group. */
const CANONICAL = new Map<string, string>(
  SYNONYM_GROUPS.flatMap((group) => group.map((word) => [stem(word), stem(group[0]!)] as const)),
);

/** The index terms one word of text stands for: none for a stop word, several for a compound. */
export function termsOf(word: string): string[] {
  if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) return [];
  const parts = COMPOUNDS[word] ?? [word];
  return parts.map((part) => {
    const stemmed = stem(part);
    return CANONICAL.get(stemmed) ?? stemmed;
  });
}

/** The distinct terms of a text, in order of appearance. */
export function tokenize(text: string): string[] {
  const words = normalize(text).split(' ').filter(Boolean);
  return [...new Set(words.flatMap(termsOf))];
}
