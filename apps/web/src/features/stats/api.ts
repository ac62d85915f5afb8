/** The admin Statistics counts: one call per card, each with its own loading and error state. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { STATS, type AdminOverview, type StatCount, type StatKey } from '@campus/contract';
import { api } from '../../lib/api-client';

export const statsKeys = {
  all: ['stats'] as const,
  count: (key: StatKey) => [...statsKeys.all, key] as const,
  overview: ['stats', 'overview'] as const,
};

/**
 * What needs the admin, and the recent activity: reloaded with the counts on every live stats update.
 * The dashboard asks for it once its cards' counts have answered (`enabled`): it is the slower call,
 * and the counts should not queue behind it.
 */
export function useAdminOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: statsKeys.overview,
    queryFn: ({ signal }) => api<AdminOverview>('/api/admin/overview', { signal }),
    enabled,
  });
}

/** Whether every Statistics card's count has answered (or failed). */
export function useStatCountsSettled(): boolean {
  return useQueries({
    queries: STATS.map((stat) => ({
      queryKey: statsKeys.count(stat.key),
      queryFn: () => fetchStatCount(stat.key),
    })),
    combine: (results) => results.every((result) => !result.isPending),
  });
}

const pathOf = (key: StatKey) => STATS.find((stat) => stat.key === key)!.path;

export async function fetchStatCount(key: StatKey): Promise<number> {
  const { count } = await api<StatCount>(pathOf(key));
  return count;
}

export function useStatCount(key: StatKey) {
  return useQuery({ queryKey: statsKeys.count(key), queryFn: () => fetchStatCount(key) });
}
