import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditKind } from '@campus/contract';
import { api } from '../../lib/api-client';

export interface AuditFilter {
  kind?: AuditKind | undefined;
  actor?: number | undefined;
  page: number;
}
export const AUDIT_PAGE_SIZE = 50;

export function useAuditLog(filter: AuditFilter) {
  return useQuery({
    queryKey: ['audit-log', filter],
    queryFn: () =>
      api<AuditEntry[]>('/api/audit-log', {
        query: {
          kind: filter.kind,
          actor: filter.actor,
          limit: AUDIT_PAGE_SIZE,
          offset: filter.page * AUDIT_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}
