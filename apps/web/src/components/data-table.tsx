/**
 * The one table every list shows. On a phone (below 48em) each row stacks into a card, its row header
 * first and every other cell named by its column (data-table.css, loaded with the role areas' styles),
 * so no list scrolls sideways; wider, it is a plain table that scrolls sideways inside its own
 * keyboard-focusable region if it must. Where a list needs them it adds sortable headers, a checkbox
 * on every row with select-all, and a column kept in view at the right edge.
 */
import { Checkbox, Group, rem, Table, UnstyledButton } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { SortOrder } from '@campus/contract';
import { useCommonWords } from '../i18n/words';

export interface Column<T, K extends string = string> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The header becomes a button that asks for the rows ordered by this key. */
  sortKey?: K;
  /** The cell names its row (a row header), as a student's name does. */
  rowHeader?: boolean;
  align?: 'right';
  nowrap?: boolean;
  /** Long words and addresses break anywhere instead of widening the column. */
  breakAnywhere?: boolean;
  /** The text keeps its own line breaks (a message as it was typed). */
  keepLineBreaks?: boolean;
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  /** Stays in view at the right edge while the rest of the row scrolls (it holds the row's actions). */
  sticky?: boolean;
  /** Holds the row's buttons, which name themselves: on a card they sit at its foot, unlabelled. */
  actions?: boolean;
}

export interface SortState<K extends string> {
  key: K;
  order: SortOrder;
}

export interface Selection<T> {
  /** The keys (`rowKey`) of the chosen rows. */
  selected: ReadonlySet<string>;
  onChange: (keys: string[], on: boolean) => void;
  /** Names a row's checkbox. */
  label: (row: T) => string;
  /** A row that cannot be chosen now: its checkbox is off and disabled. */
  disabled?: (row: T) => boolean;
}

/** What a row carries besides its cells. */
export interface RowProps {
  'aria-label'?: string;
  /** A CSS colour for the row's background (a value, not a Mantine theme colour name). */
  bg?: string;
  fw?: number;
  [data: `data-${string}`]: string | undefined;
}

export interface DataTableProps<T, K extends string = string> {
  /** Names the table and its scrolling region. */
  caption: string;
  /** For a page whose title already says what the table is: the caption only names it, unseen. */
  hideCaption?: boolean;
  columns: readonly Column<T, K>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Below this width the table scrolls inside its region. */
  minWidth: number;
  sort?: SortState<K> & { onSort: (key: K) => void };
  selection?: Selection<T>;
  rowProps?: (row: T) => RowProps;
  striped?: boolean;
  /** Smaller text and tighter rows, for a work list read at a glance. */
  dense?: boolean;
  /** The rows on show are being refreshed. */
  busy?: boolean;
  /**
   * Below 48em each row stacks into a card (cells one under another, named by their column) instead
   * of scrolling sideways; on by default. Off, the table scrolls inside its region on a phone too.
   */
  stackOnPhone?: boolean;
}

const STICKY: CSSProperties = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color)',
};

/**
 * A body row and its cells are plain elements with the classes and data attributes Mantine's
 * `Table.Tr`, `Table.Td` and `Table.Th` would give them, so they look and behave the same: a list of
 * 200 rows would otherwise render 600 Mantine components, each reading the theme and building its
 * styles, and a student's attendance (a row a school day) took longest of their screens to show.
 */
const ROW_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const CELL_CLASS = `${Table.classes.td} mantine-Table-td`;
const ROW_HEADER_CLASS = `${Table.classes.th} mantine-Table-th`;

/** A body cell's own style: its column's alignment, widths and wrapping. */
function bodyCellStyle<T, K extends string>(column: Column<T, K>, fontWeight?: number): CSSProperties {
  return {
    ...(column.align ? { textAlign: column.align } : {}),
    ...(column.minWidth !== undefined ? { minWidth: rem(column.minWidth) } : {}),
    ...(column.maxWidth !== undefined ? { maxWidth: rem(column.maxWidth) } : {}),
    ...(fontWeight !== undefined ? { fontWeight } : {}),
    ...(column.sticky ? STICKY : {}),
    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
    ...(column.keepLineBreaks ? { whiteSpace: 'pre-wrap' } : {}),
    ...(column.breakAnywhere ? { overflowWrap: 'anywhere' } : {}),
  };
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function HeaderCell<T, K extends string>({
  column,
  sort,
}: {
  column: Column<T, K>;
  sort: DataTableProps<T, K>['sort'];
}) {
  const common = {
    scope: 'col',
    ta: column.align,
    w: column.width,
    style: column.sticky ? STICKY : undefined,
  } as const;
  const key = column.sortKey;
  if (key === undefined || !sort) return <Table.Th {...common}>{column.header}</Table.Th>;
  const active = sort.key === key;
  return (
    <Table.Th {...common} aria-sort={active ? ARIA_SORT[sort.order] : 'none'}>
      <UnstyledButton onClick={() => sort.onSort(key)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          <span>{column.header}</span>
          <span aria-hidden>{active ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}</span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function SelectAll<T>({
  rows,
  selection,
  keyOf,
}: {
  rows: readonly T[];
  selection: Selection<T>;
  keyOf: (row: T) => string;
}) {
  const { t } = useCommonWords();
  const open = rows.filter((row) => !selection.disabled?.(row)).map(keyOf);
  const chosen = open.filter((key) => selection.selected.has(key)).length;
  return (
    <Table.Th scope="col" w={40}>
      <Checkbox
        aria-label={t('shared.selectAll')}
        checked={open.length > 0 && chosen === open.length}
        indeterminate={chosen > 0 && chosen < open.length}
        disabled={open.length === 0}
        onChange={(event) => selection.onChange(open, event.currentTarget.checked)}
      />
    </Table.Th>
  );
}

export function DataTable<T, K extends string = string>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  minWidth,
  sort,
  selection,
  rowProps,
  striped = true,
  dense = false,
  busy,
  stackOnPhone = true,
}: DataTableProps<T, K>) {
  const keyOf = (row: T) => String(rowKey(row));
  const spacing = dense
    ? ({ verticalSpacing: 6, horizontalSpacing: 'sm', fz: 'sm' } as const)
    : ({ verticalSpacing: 'xs' } as const);
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={caption}
      className={stackOnPhone ? 'data-table-stacked-region' : undefined}
    >
      <Table
        className={stackOnPhone ? 'data-table-stacked' : undefined}
        striped={striped}
        highlightOnHover
        captionSide="top"
        aria-busy={busy}
        aria-label={hideCaption ? caption : undefined}
        {...spacing}
      >
        {!hideCaption && <Table.Caption ta="start">{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {selection && <SelectAll rows={rows} selection={selection} keyOf={keyOf} />}
            {columns.map((column) => (
              <HeaderCell key={column.header} column={column} sort={sort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const key = keyOf(row);
            const { bg, fw, ...attributes } = rowProps?.(row) ?? {};
            const locked = selection?.disabled?.(row) ?? false;
            return (
              <tr
                key={key}
                className={ROW_CLASS}
                data-with-row-border="true"
                data-striped={striped ? 'odd' : undefined}
                data-hover="true"
                style={bg !== undefined || fw !== undefined ? { background: bg, fontWeight: fw } : undefined}
                {...attributes}
              >
                {selection && (
                  <td className={CELL_CLASS} data-select="">
                    <Checkbox
                      aria-label={selection.label(row)}
                      checked={!locked && selection.selected.has(key)}
                      disabled={locked}
                      onChange={(event) => selection.onChange([key], event.currentTarget.checked)}
                    />
                  </td>
                )}
                {columns.map((column) => {
                  // Stacked, a cell is its column's name beside one block of content.
                  const content = stackOnPhone ? <div>{column.cell(row)}</div> : column.cell(row);
                  return column.rowHeader ? (
                    <th
                      key={column.header}
                      className={ROW_HEADER_CLASS}
                      scope="row"
                      style={bodyCellStyle(column, fw ?? 500)}
                    >
                      {content}
                    </th>
                  ) : (
                    <td
                      key={column.header}
                      className={CELL_CLASS}
                      style={bodyCellStyle(column)}
                      // A stacked row names each cell by its column; the kept-in-view column holds
                      // the row's actions, which name themselves.
                      {...(column.sticky || column.actions
                        ? { 'data-actions': '' }
                        : { 'data-label': column.header })}
                    >
                      {content}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
