/**
 * Rules for short text that people and groups are known by: no character that is invisible or that
 * changes how the text around it is shown (line breaks, tabs and other control characters, the
 * Unicode direction overrides and isolates). One rule for the web forms, the API and CSV imports.
 */
import { z } from 'zod';

/**
 * The Unicode direction controls: marks, embeddings, overrides and isolates. U+202E shows the text
 * after it right to left, so "CSE-A" followed by it and "B-" reads as another group on screen.
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Control characters, line and paragraph separators, and zero-width text that shows as nothing. */
const HIDDEN = /[\p{Cc}\u2028\u2029\u200B\u2060\uFEFF]/u;

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** What is wrong with `text` under the rule, in words that name the character; undefined if nothing. */
export function hiddenCharacterProblem(text: string): string | undefined {
  const direction = DIRECTION_CONTROLS.exec(text)?.[0];
  if (direction) {
    return `must not hold the invisible character ${codePoint(direction)}, which changes the direction text is shown in`;
  }
  const hidden = HIDDEN.exec(text)?.[0];
  if (!hidden) return undefined;
  if (/[\n\r\u2028\u2029]/.test(hidden)) return 'must be on one line (it holds a line break)';
  if (hidden === '\t') return 'must not hold a tab';
  return `must not hold the invisible character ${codePoint(hidden)}`;
}

/** A zod check that refuses text breaking the rule, with `hiddenCharacterProblem`'s words. */
export function refuseHiddenCharacters(text: string, ctx: z.RefinementCtx) {
  const problem = hiddenCharacterProblem(text);
  // Fatal: a name refused for a hidden character is not also told which characters it may hold.
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text, continue: false });
}

export const GROUP_NAME_MAX = 50;

const GROUP_CHARACTERS = 'may hold letters, digits, spaces and . _ - + & ( ) only';
/**
 * A group's name, wherever one is made or named: the Groups page's forms, `POST /api/groups`, a
 * rename, a student's group, and the `group` column of a students or mentors import. It shows in
 * filters and travels in addresses, so it keeps to plain characters: no markup, no line break, no
 * direction control, trimmed, at most GROUP_NAME_MAX characters.
 */
export const GroupNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required', abort: true })
  .max(GROUP_NAME_MAX, { error: `must be at most ${GROUP_NAME_MAX} characters` })
  .superRefine(refuseHiddenCharacters)
  .regex(/^[\p{L}\p{N} ._&()+-]+$/u, { error: GROUP_CHARACTERS });

/**
 * Letters of other scripts drawn like Latin ones, as Unicode's confusables list maps them (TS #39):
 * "СSE-A" with a Cyrillic С reads as CSE-A on every screen. Lower case; digits 0 and 1 included.
 */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԝ: 'w',
  ѡ: 'w',
  ү: 'y',
  ә: 'e',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  '0': 'o',
  '1': 'l',
  '|': 'l',
  ı: 'i',
};

/**
 * A name's confusable skeleton: two names with one skeleton look the same to a reader. Compatibility
 * forms folded (NFKC: full-width letters), case folded, look-alike letters mapped, "rn" read as "m",
 * accents and spaces dropped.
 */
export function confusableSkeleton(text: string): string {
  const folded = text.normalize('NFKC').toLowerCase();
  const mapped = folded.replace(/./gsu, (ch) => CONFUSABLES[ch] ?? ch);
  return mapped.normalize('NFD').replace(/\p{M}/gu, '').replace(/rn/g, 'm').replace(/\s+/g, '');
}
