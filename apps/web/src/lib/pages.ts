/** One page of a server-paged list, as every paged table and its `Pager` read it. */
import { MAX_PAGE_SIZE, TOTAL_COUNT_HEADER } from '@campus/contract';
import { request } from './api-client';

/**
 * Some rows of a list. One row more than the page is asked for to know whether a next page exists;
 * the total comes from the server's `X-Total-Count`, when it sends one.
 */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
  offset: number;
  total: number | null;
}

export async function fetchPage<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  { limit, offset }: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<Page<T>> {
  const { data: rows, headers } = await request<T[]>(path, {
    query: { ...query, limit: limit + 1, offset },
    ...(signal ? { signal } : {}),
  });
  const total = headers.get(TOTAL_COUNT_HEADER);
  return {
    items: rows.slice(0, limit),
    hasMore: rows.length > limit,
    offset,
    total: total === null || !/^\d+$/.test(total) ? null : Number(total),
  };
}

/**
 * Every row of a list that the screen needs whole (a chooser of mentors, a student's own passes), read
 * a page of the largest size at a time: the app never asks for a list without a limit, so that no
 * request can grow with the campus.
 */
export async function fetchAll<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const { data } = await request<T[]>(path, {
      query: { ...query, limit: MAX_PAGE_SIZE, offset: rows.length },
      ...(signal ? { signal } : {}),
    });
    rows.push(...data);
    if (data.length < MAX_PAGE_SIZE) return rows;
  }
}
