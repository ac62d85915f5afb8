/**
 * Answers of reads kept in memory for as long as the tables they were read from have not changed.
 * A stamp is taken before the read, so an answer that raced a write is stored under the older
 * stamp and never served. Values are shared between requests and must not be mutated.
 *
 * Under test the cache checks itself: values are frozen (a mutation fails loudly), a read may not
 * touch a table it did not declare, and every answer served from memory is compared with a fresh
 * read (a stale one fails the test that got it).
 */
import { isDeepStrictEqual } from 'node:util';
import {
  readsOfCachedLoad,
  tableOf,
  type ChangeTracker,
  type Stamp,
  type StudentTable,
  type WatchedRows,
} from './changes';
import type { CachedRead, CachedSource, CachedTable } from './cached-read';

export {
  CACHED_TABLES,
  cachedRead,
  type CachedRead,
  type CachedSource,
  type CachedTable,
  type KeyPart,
  type Table,
} from './cached-read';

/**
 * Tables written only by triggers of another table, in the statement that writes it: a read of one
 * is a read of that table, whole (the board counts of migration 0025 follow every question).
 */
const KEPT_BY_TRIGGERS: Readonly<Record<string, CachedTable>> = { query_board_counts: 'queries' };

interface Entry {
  stamp: Stamp;
  value: unknown;
  /** When it was stored or last moved to the end of the eviction order (`ReadCache.moves`). */
  moved: number;
}

const FREEZE = process.env.NODE_ENV === 'test';

/**
 * Every value the cache holds. Such a value never changes, so whoever turns one into text may keep
 * the text for as long as the value lives (the response serializer does).
 */
const CACHED_VALUES = new WeakSet<object>();

export function isCachedValue(value: unknown): value is object {
  return typeof value === 'object' && value !== null && CACHED_VALUES.has(value);
}

/**
 * A cached value, and the objects a cached record holds (a list's answer: its body beside its total),
 * which a route may answer on their own. Array items are not marked: nothing answers one alone.
 */
function markCached(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  CACHED_VALUES.add(value);
  if (Array.isArray(value)) return;
  for (const inner of Object.values(value as Record<string, unknown>)) {
    if (typeof inner === 'object' && inner !== null) CACHED_VALUES.add(inner);
  }
}

/**
 * Marks a value built from cached answers, and kept beside them, as one that never changes (frozen
 * under test): whoever turns it into text may keep the text for as long as the value lives.
 */
export function shareValue<T extends object>(value: T): T {
  CACHED_VALUES.add(FREEZE ? deepFreeze(value) : value);
  return value;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** How often answers came from memory: sessions (every signed-in request) apart from the rest. */
export interface CacheStats {
  sessions: { hits: number; misses: number };
  answers: { hits: number; misses: number };
  entries: number;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Loads under way, by key, with the stamp taken before each began. */
  private readonly loading = new Map<string, { stamp: Stamp; value: Promise<unknown> }>();
  private readonly counts = { sessions: { hits: 0, misses: 0 }, answers: { hits: 0, misses: 0 } };

  private readonly maxEntries: number;
  /** Entries stored or moved so far: each entry's `moved` is this count when it last was. */
  private moves = 0;
  /** Whether answers from memory are checked against a fresh read (under test, unless told not to). */
  private readonly checking: boolean;
  /** Off (READ_CACHE=off): every read loads, and nothing is kept. */
  private readonly enabled: boolean;

  constructor(
    private readonly changes: ChangeTracker,
    options: { maxEntries?: number; checkHits?: boolean; enabled?: boolean } = {},
  ) {
    // Room for a page of each list a few hundred people at once read as their own (about six each),
    // and the boards (docs/performance.md, "The read cache's size").
    this.maxEntries = options.maxEntries ?? 10_000;
    this.checking = options.checkHits ?? FREEZE;
    this.enabled = options.enabled ?? true;
  }

  stats(): CacheStats {
    const { sessions, answers } = this.counts;
    return { sessions: { ...sessions }, answers: { ...answers }, entries: this.entries.size };
  }

  private count(key: string, hit: boolean): void {
    const kind = key.startsWith('session:') ? this.counts.sessions : this.counts.answers;
    if (hit) kind.hits++;
    else kind.misses++;
  }

  /** One name for many students' rows of a table, for a read that follows just those (`ChangeCounts.watch`). */
  watch(table: StudentTable, rollNos: readonly number[]): WatchedRows {
    return this.changes.watch(table, rollNos);
  }

  /** Where outside writes stand now: taken once per request and given to each `get` of it. */
  outside(): number | undefined {
    return this.changes.outside();
  }

  /**
   * The cached answer of a read while its sources are unchanged; otherwise `load()`, remembered.
   * `outside` must have been taken before this call (at the start of the request, say).
   */
  async get<T>(
    { key, sources: tables }: CachedRead,
    load: () => Promise<T>,
    outside = this.changes.outside(),
  ): Promise<T> {
    if (!this.enabled) {
      this.count(key, false);
      return load();
    }
    const hit = this.peek(key, tables, outside);
    this.count(key, hit !== undefined);
    if (outside === undefined) return load();
    if (hit) return this.checking ? this.checkedHit(key, tables, hit, load) : (hit.value as T);
    const stamp = this.changes.stamp(tables, outside);
    // Readers who miss the same answer at once, with nothing written since, share one load: after a
    // new question, fifty readers of the board's first page make one read of it, not fifty.
    const flying = this.loading.get(key);
    if (flying && flying.stamp.outside === stamp.outside && flying.stamp.local === stamp.local) {
      return flying.value as Promise<T>;
    }
    const loaded = this.load(key, tables, load, stamp);
    this.loading.set(key, { stamp, value: loaded });
    const landed = () => {
      if (this.loading.get(key)?.value === loaded) this.loading.delete(key);
    };
    loaded.then(landed, landed);
    return loaded;
  }

  private async load<T>(
    key: string,
    tables: readonly CachedSource[],
    load: () => Promise<T>,
    stamp: Stamp,
  ): Promise<T> {
    const value = FREEZE ? await this.loadChecked(key, tables, load) : await load();
    this.store(key, stamp, value);
    return value;
  }

  private store(key: string, stamp: Stamp, value: unknown): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { stamp, value: FREEZE ? deepFreeze(value) : value, moved: ++this.moves });
    markCached(value);
  }

  /**
   * Where these sources stand, given where outside writes stood: the starting point of a write
   * whose outcome may be kept (`keepWritten`). Undefined where that cannot be done.
   */
  stampBefore(tables: readonly CachedSource[], outside: number | undefined): Stamp | undefined {
    if (!this.keepsWrites || outside === undefined) return undefined;
    return this.changes.stamp(tables, outside);
  }

  /**
   * Whether what a write leaves behind may be kept without reading it back (`keepWritten`): where
   * every write is known as it commits, or can be made sure of (`settle`).
   */
  get keepsWrites(): boolean {
    return this.enabled && (this.writesKnownAtOnce || this.changes.settle !== undefined);
  }

  /** Whether `keepWritten` decides at once, rather than after a barrier (`ChangeTracker.writesKnownAtOnce`). */
  get writesKnownAtOnce(): boolean {
    return this.changes.writesKnownAtOnce === true;
  }

  /**
   * Keeps an answer a write has made known, without reading it back: `value` is what the read would
   * give now. It is kept only when `written` (stamped by `stampBefore` before the write read what
   * it needed, and naming every row the answer is made of) moved since by exactly the write's own
   * `moves` (one for each of its rows' changes): then nothing else wrote those rows
   * meanwhile, in this process or outside it. Otherwise nothing is kept, and the next read loads.
   * Where writes are heard of late (PostgreSQL), every change committed before is heard of first.
   */
  async keepWritten(
    { key, sources: tables }: CachedRead,
    value: unknown,
    written: { sources: readonly CachedSource[]; before: Stamp; moves: number },
  ): Promise<boolean> {
    if (!this.keepsWrites) return false;
    if (!this.writesKnownAtOnce) await this.changes.settle?.(true);
    const outside = this.changes.outside();
    if (outside === undefined || outside !== written.before.outside) return false;
    const now = this.changes.stamp(written.sources, outside);
    if (now.local !== written.before.local + written.moves) return false;
    this.store(key, this.changes.stamp(tables, outside), value);
    return true;
  }

  /**
   * Changes the answer kept for a read by a write this process has just made, without reading it
   * back: `change` gives the answer with the write in it (undefined when it cannot tell). Kept only
   * when its sources moved since the answer was stamped by exactly the write's own `moves` (one for
   * each table it changed, as `changes.ts` counts them), on this process's counts, which on PostgreSQL
   * count its own writes as they are answered (decision record 0040): nothing else has changed what
   * the answer was read from since it was. The answer may already hold the write (a read that began
   * before the write was counted and read after it committed); `change` must then leave it as it is.
   * A change committed elsewhere before the write but heard only later drops the answer when it is
   * heard, as it drops every answer kept before it was heard. Decision record 0060.
   */
  keepChanged<T>(
    { key, sources: tables }: CachedRead,
    moves: number,
    change: (value: T) => T | undefined,
  ): boolean {
    if (!this.enabled) return false;
    const entry = this.entries.get(key);
    const outside = this.changes.outside();
    if (!entry || outside === undefined || outside !== entry.stamp.outside) return false;
    const now = this.changes.stamp(tables, outside);
    if (now.local !== entry.stamp.local + moves) return false;
    const value = change(entry.value as T);
    if (value === undefined) return false;
    this.store(key, now, value);
    return true;
  }

  /**
   * Like `get`, but a cached answer is given at once rather than in a promise: a route handler that
   * returns it lets the answer leave without waiting for another turn of the event loop.
   */
  read<T>(cached: CachedRead, load: () => Promise<T>, outside = this.changes.outside()): T | Promise<T> {
    const hit = this.peek(cached.key, cached.sources, outside);
    if (hit && !this.checking) {
      this.count(cached.key, true);
      return hit.value as T;
    }
    return this.get(cached, load, outside);
  }

  /**
   * The answer kept for a read while its sources are unchanged, or undefined: nothing is loaded.
   * For a write that may take what it must know from memory, and read it itself otherwise.
   */
  kept({ key, sources: tables }: CachedRead, outside = this.changes.outside()): unknown {
    const hit = this.peek(key, tables, outside);
    if (hit) this.count(key, true);
    return hit?.value;
  }

  /** The cached answer for `key` when its tables are unchanged, without loading anything. */
  private peek(
    key: string,
    tables: readonly CachedSource[],
    outside = this.changes.outside(),
  ): Entry | undefined {
    if (outside === undefined || !this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const stamp = this.changes.stamp(tables, outside);
    if (entry.stamp.outside !== stamp.outside || entry.stamp.local !== stamp.local) return undefined;
    // Most recently used last, so the first key is the one to evict. An entry moved within the last
    // half of the cache's size of moves stays where it is: at most that many entries came after it,
    // so at least as many older ones go before it. Moving every hit's entry (a delete and a set in a
    // map of thousands) cost more than finding it.
    if (this.moves - entry.moved > this.maxEntries / 2) {
      this.entries.delete(key);
      entry.moved = ++this.moves;
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * Under test: an answer from memory must equal what the database says now, unless one of its
   * tables changed in the meantime (where writes are heard of late, once every change committed
   * before the fresh read has been heard of). Either way the answer is the one from memory, as it
   * would be outside tests.
   */
  private async checkedHit<T>(
    key: string,
    tables: readonly CachedSource[],
    hit: Entry,
    load: () => Promise<T>,
  ): Promise<T> {
    const cached = hit.value as T;
    const fresh = await load();
    if (isDeepStrictEqual(fresh, cached)) return cached;
    await this.changes.settle?.(true);
    const now = this.changes.stamp(tables, this.changes.outside() ?? Number.NaN);
    if (now.outside !== hit.stamp.outside || now.local !== hit.stamp.local) return cached;
    throw new Error(
      `The cached read ${key} is stale: ${JSON.stringify(cached)} instead of ${JSON.stringify(fresh)}`,
    );
  }

  /** Under test: the load must not read a table its entry would not be dropped for. */
  private async loadChecked<T>(
    key: string,
    tables: readonly CachedSource[],
    load: () => Promise<T>,
  ): Promise<T> {
    const seen = new Set<string>();
    const value = await readsOfCachedLoad.run(seen, load);
    const declared = new Set(tables.map(tableOf));
    // A table kept by triggers is read whole: only its table, whole or its existing rows, covers it.
    const covers = (table: CachedTable | undefined) =>
      table !== undefined && (tables.includes(table) || tables.includes(`${table}!`));
    const undeclared = [...seen].filter((table) => !declared.has(table) && !covers(KEPT_BY_TRIGGERS[table]));
    if (undeclared.length > 0) {
      throw new Error(`The cached read ${key} reads ${undeclared.join(', ')} but does not declare it`);
    }
    return value;
  }
}
