/**
 * Runs `work` over `items` a thousand at a time: a whole list's ids, bound one parameter each, stay
 * well below either database's limit on parameters (SQLite 32,766, PostgreSQL 65,535).
 */
export async function inChunks<T>(
  items: readonly T[],
  work: (chunk: T[]) => Promise<void>,
  size = 1000,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) await work(items.slice(i, i + size));
}
