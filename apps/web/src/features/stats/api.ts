/** The admin Statistics counts: one call per card, each with its own loading and error state. */
import { useQuery } from '@tanstack/react-query';
import { STATS, type AdminOverview, type StatCount, type StatKey } from '@campus/contract';
import { api } from '../../lib/api-client';

export const statsKeys = {
  all: ['stats'] as const,
  count: (key: StatKey) => [...statsKeys.all, key] as const,
  overview: ['stats', 'overview'] as const,
};

/** What needs the admin, and the recent activity: reloaded with the counts on every live stats update. */
export function useAdminOverview() {
  return useQuery({
    queryKey: statsKeys.overview,
    queryFn: ({ signal }) => api<AdminOverview>('/api/admin/overview', { signal }),
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
