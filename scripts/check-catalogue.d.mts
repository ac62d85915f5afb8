/** Types of check-catalogue.mjs, for its tests. */
export const MIGRATED: string[];
export function keysOf(catalogue: object, prefix?: string): string[];
export function missingKeys(
  english: object,
  hindi: object,
): { missingInHindi: string[]; missingInEnglish: string[] };
export function literalStrings(source: string, fileName?: string): { line: number; text: string }[];
