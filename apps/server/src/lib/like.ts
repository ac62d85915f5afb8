/** `%text%` for a case-insensitive LIKE on lower(column): the text's own `%`, `_` and `\` match themselves (escape `\`). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
