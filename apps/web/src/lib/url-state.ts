/**
 * A screen's view kept in the address (`?tab=solved&sort=likes&page=2`): a reload keeps it and a link
 * shares it. What the address does not name is the screen's default, so a default view has a bare URL.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { SortOrder } from '@campus/contract';

/** Values to put in the address; `null` takes a key out (its default is then shown). */
export type UrlChanges = Record<string, string | null>;

/**
 * A screen's address: what it names, and the way to change some of it. A change worked out from what
 * the address names now (a column clicked again turns its order round) is given as a function of it:
 * the screen may not have rendered the last change yet when the next click comes.
 */
export interface UrlState {
  params: URLSearchParams;
  change: (values: UrlChanges | ((current: URLSearchParams) => UrlChanges)) => void;
}

/** Numbers each change of view, so that a render can tell which of a screen's changes it shows. */
let changesAsked = 0;

/** What a change of view leaves in the history entry it replaces. */
interface ViewChange {
  viewChange: number;
}

const viewChangeOf = (state: unknown): number | null =>
  typeof state === 'object' && state !== null && typeof (state as ViewChange).viewChange === 'number'
    ? (state as ViewChange).viewChange
    : null;

export function useUrlState(): UrlState {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // The address as the last change left it. The router's own updater starts from the params of the
  // render it came from, and renders a change as a transition: two changes before the next render (a
  // search box and a tag box settling together, a double click) would each undo the other.
  const latest = useRef(params);
  // The changes asked for and not yet rendered, oldest first.
  const pending = useRef<number[]>([]);
  useLayoutEffect(() => {
    const shown = viewChangeOf(location.state);
    const at = shown === null ? -1 : pending.current.indexOf(shown);
    // A render of one of this screen's changes with a later one on its way (the first of two quick
    // clicks) must not take the address the screen works from back to that older one.
    if (at !== -1 && at < pending.current.length - 1) {
      pending.current = pending.current.slice(at + 1);
      return;
    }
    // The last change, or an address from elsewhere (Back, a link): the screen works from it now.
    pending.current = [];
    latest.current = params;
  }, [location, params]);
  const change = useCallback(
    (values: UrlChanges | ((current: URLSearchParams) => UrlChanges)) => {
      const after = new URLSearchParams(latest.current);
      const changes = typeof values === 'function' ? values(new URLSearchParams(latest.current)) : values;
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') after.delete(key);
        else after.set(key, value);
      }
      latest.current = after;
      const viewChange = ++changesAsked;
      pending.current.push(viewChange);
      // A change of view is not a new place to go back to: Back leaves the screen.
      setParams(after, { replace: true, state: { viewChange } satisfies ViewChange });
    },
    [setParams],
  );
  return { params, change };
}

/** The value when it is one of those allowed, else the fallback. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** `?page=3` → 2: pages count from 0 in code and from 1 in the address; anything else is the first. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 && page <= 10_000 ? page - 1 : 0;
}

/** The address form of a page counted from 0: the first page is not named. */
export function pageParam(page: number): string | null {
  return page > 0 ? String(page + 1) : null;
}

/** `?mine=1` / `?mine=0`, or null when the address does not say. */
export function flagFrom(value: string | null): boolean | null {
  if (value === '1') return true;
  if (value === '0') return false;
  return null;
}

/** `?sort=name&order=desc`, each falling back to the screen's default for that column. */
export function sortFrom<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
  fallback: K,
  defaultOrder: (key: K) => SortOrder,
): { key: K; order: SortOrder } {
  const key = oneOf(params.get('sort'), keys, fallback);
  const order = params.get('order');
  return { key, order: order === 'asc' || order === 'desc' ? order : defaultOrder(key) };
}

/** The address form of a sort: the default column and each column's default order are not named. */
export function sortParams<K extends string>(
  sort: { key: K; order: SortOrder },
  fallback: K,
  defaultOrder: (key: K) => SortOrder,
): UrlChanges {
  return {
    sort: sort.key === fallback ? null : sort.key,
    order: sort.order === defaultOrder(sort.key) ? null : sort.order,
  };
}

/**
 * A search box whose words are kept in the address (`?q=…`) once typing pauses, and which starts
 * the first page again when they change. `search` is what the list asks for; `text` what the box shows.
 */
export function useUrlSearch({ params, change }: UrlState, delayMs: number, key = 'q') {
  const search = params.get(key) ?? '';
  const [text, setText] = useState(search);
  const [typed] = useDebouncedValue(text.trim(), delayMs);
  const last = useRef(typed);
  useEffect(() => {
    // Only a pause in typing writes the address; a filter cleared elsewhere is not written back.
    if (typed === last.current) return;
    last.current = typed;
    if (typed !== search) change({ [key]: typed || null, page: null });
  }, [typed, search, change, key]);
  return { text, setText, search };
}
