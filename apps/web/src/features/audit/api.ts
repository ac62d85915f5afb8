/** The admin's audit log, a page at a time, filtered by kind of change and by who made it. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditKind } from '@campus/contract';
import { fetchPage } from '../../lib/pages';

export interface AuditFilter {
  kind?: AuditKind | undefined;
  actor?: number | undefined;
  page: number;
}
export const AUDIT_PAGE_SIZE = 50;

export function useAuditLog(filter: AuditFilter) {
  return useQuery({
    queryKey: ['audit-log', filter],
    queryFn: ({ signal }) =>
      fetchPage<AuditEntry>(
        '/api/audit-log',
        { kind: filter.kind, actor: filter.actor },
        { limit: AUDIT_PAGE_SIZE, offset: filter.page * AUDIT_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
