/** What both seeds generate with: a seeded random generator, fixed ids and email names. */

/** mulberry32: a small seeded generator, so that every seeded campus is the same for the same day. */
export function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    between: (min: number, max: number, decimals: number) =>
      Number((min + next() * (max - min)).toFixed(decimals)),
  };
}

export type Random = ReturnType<typeof random>;

/** A name as the local part of an email address: "Dr. Anjali Rao" is "anjali.rao". */
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/^(dr|prof)\.\s*/, '')
    .replace(/\W+/g, '.');

/** A seeded row's fixed id: `campus` tells the demo's (8) from the large campus's (9), `kind` the table. */
export const seedId = (campus: 8 | 9, kind: number, n: number) =>
  `00000000-0000-4000-${campus}${kind.toString(16).padStart(3, '0')}-${n.toString(16).padStart(12, '0')}`;
