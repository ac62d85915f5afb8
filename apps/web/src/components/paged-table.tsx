/** A server-paged list as every admin and teacher screen shows it: the shared table over its pager. */
import type { Page } from '../lib/pages';
import { DataTable, type DataTableProps } from './data-table';
import { Pager } from './pager';

export function PagedTable<T, K extends string = string>({
  data,
  page,
  onPage,
  pagerLabel,
  ...table
}: Omit<DataTableProps<T, K>, 'rows'> & {
  /** The page the server answered. */
  data: Page<T>;
  /** The page on show, from 0. */
  page: number;
  onPage: (page: number) => void;
  /** What is paged: the navigation is named "<label> pages". */
  pagerLabel: string;
}) {
  return (
    <>
      <DataTable {...table} rows={data.items} />
      <Pager
        page={page}
        offset={data.offset}
        shown={data.items.length}
        total={data.total}
        hasMore={data.hasMore}
        onChange={onPage}
        label={pagerLabel}
      />
    </>
  );
}
