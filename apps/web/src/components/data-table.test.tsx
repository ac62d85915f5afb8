import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { DataTable, type Column } from './data-table';

interface Person {
  id: string;
  name: string;
  group: string;
  locked?: boolean;
}

const PEOPLE: Person[] = [
  { id: 'a', name: 'Asha Rao', group: 'CSE-A' },
  { id: 'b', name: 'Ravi Kumar', group: 'CSE-B' },
  { id: 'c', name: 'Chen Li', group: 'CSE-A', locked: true },
];

type SortKey = 'name' | 'group';
const COLUMNS: Column<Person, SortKey>[] = [
  { header: 'Name', sortKey: 'name', rowHeader: true, cell: (p) => p.name },
  { header: 'Group', sortKey: 'group', cell: (p) => p.group },
  { header: 'Action', sticky: true, cell: (p) => <button type="button">Open {p.name}</button> },
];

/** A table whose selection lives in state, as a page keeps it. */
function Selectable() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <DataTable
      caption="People"
      columns={COLUMNS}
      rows={PEOPLE}
      rowKey={(p) => p.id}
      minWidth={600}
      selection={{
        selected,
        onChange: (keys, on) =>
          setSelected((before) => {
            const after = new Set(before);
            for (const key of keys) {
              if (on) after.add(key);
              else after.delete(key);
            }
            return after;
          }),
        label: (p) => `Select ${p.name}`,
        disabled: (p) => p.locked === true,
      }}
    />
  );
}

describe('DataTable', { timeout: 15_000 }, () => {
  it('names the table and its keyboard-focusable scrolling region by its caption', () => {
    renderScreen(
      <DataTable caption="People" columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} minWidth={600} />,
    );
    const region = screen.getByRole('region', { name: 'People' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'People' });
    expect(within(table).getByText('People')).toBeVisible();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Asha Rao', 'Ravi Kumar', 'Chen Li']);
  });

  it('names a table by an unseen caption where the page title already says what it is', () => {
    renderScreen(
      <DataTable
        caption="People"
        hideCaption
        columns={COLUMNS}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        minWidth={600}
        busy
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).queryByText('People')).not.toBeInTheDocument();
    expect(table).toHaveAttribute('aria-busy', 'true');
  });

  it('says how the rows are sorted and asks for another order from a header button', async () => {
    const onSort = vi.fn();
    const { user } = renderScreen(
      <DataTable
        caption="People"
        columns={COLUMNS}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        minWidth={600}
        sort={{ key: 'name', order: 'asc', onSort }}
      />,
    );
    const name = screen.getByRole('columnheader', { name: /Name/ });
    const group = screen.getByRole('columnheader', { name: /Group/ });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(group).toHaveAttribute('aria-sort', 'none');
    // A column without a sort key is plain text.
    expect(screen.getByRole('columnheader', { name: 'Action' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Action' })).queryByRole('button')).toBeNull();

    await user.click(within(group).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith('group');
  });

  it('selects rows one by one or all on the page, never a disabled one', async () => {
    const { user } = renderScreen(<Selectable />);
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    const asha = screen.getByRole('checkbox', { name: 'Select Asha Rao' });
    const ravi = screen.getByRole('checkbox', { name: 'Select Ravi Kumar' });
    expect(screen.getByRole('checkbox', { name: 'Select Chen Li' })).toBeDisabled();
    expect(all).not.toBeChecked();

    await user.click(asha);
    expect(asha).toBeChecked();
    expect(all).not.toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'true');

    await user.click(ravi);
    expect(all).toBeChecked();
    expect(all).not.toHaveAttribute('data-indeterminate');
    expect(screen.getByRole('checkbox', { name: 'Select Chen Li' })).not.toBeChecked();

    await user.click(all);
    expect(asha).not.toBeChecked();
    expect(ravi).not.toBeChecked();
  });

  it("keeps a sticky column at the right edge, and carries each row's own label and data", () => {
    renderScreen(
      <DataTable
        caption="People"
        columns={COLUMNS}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        minWidth={600}
        rowProps={(p) => ({
          'aria-label': `${p.name} (${p.group})`,
          'data-locked': p.locked ? 'yes' : undefined,
        })}
      />,
    );
    const action = screen.getByRole('columnheader', { name: 'Action' });
    expect(action).toHaveStyle({ position: 'sticky', right: '0px' });
    const row = screen.getByRole('row', { name: 'Chen Li (CSE-A)' });
    expect(row).toHaveAttribute('data-locked', 'yes');
    expect(within(row).getByRole('button', { name: 'Open Chen Li' }).closest('td')).toHaveStyle({
      position: 'sticky',
    });
    expect(screen.getByRole('row', { name: 'Asha Rao (CSE-A)' })).not.toHaveAttribute('data-locked');
  });

  it('stacks every table into cards on a phone unless told not to: each cell named by its column', () => {
    const columns: Column<Person>[] = [
      { header: 'Name', rowHeader: true, cell: (p) => p.name },
      { header: 'Group', cell: (p) => p.group },
      { header: 'Manage', actions: true, cell: (p) => <button type="button">Rename {p.name}</button> },
    ];
    const { unmount } = renderScreen(
      <DataTable caption="People" columns={columns} rows={PEOPLE} rowKey={(p) => p.id} minWidth={600} />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveClass('data-table-stacked');
    const row = screen.getByRole('row', { name: /Asha Rao/ });
    expect(within(row).getByRole('cell', { name: 'CSE-A' })).toHaveAttribute('data-label', 'Group');
    // The buttons name themselves: their cell carries no column name, and sits at the card's foot.
    const manage = within(row).getByRole('button', { name: 'Rename Asha Rao' }).closest('td');
    expect(manage).toHaveAttribute('data-actions');
    expect(manage).not.toHaveAttribute('data-label');
    unmount();

    renderScreen(
      <DataTable
        caption="People"
        columns={columns}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        minWidth={600}
        stackOnPhone={false}
      />,
    );
    expect(screen.getByRole('table', { name: 'People' })).not.toHaveClass('data-table-stacked');
  });
});
