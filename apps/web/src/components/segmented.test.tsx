import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { Segmented } from './segmented';

type View = 'list' | 'calendar';
const VIEWS: { value: View; label: string }[] = [
  { value: 'list', label: 'List' },
  { value: 'calendar', label: 'Calendar' },
];

function Views({ onChange }: { onChange: (view: View) => void }) {
  const [view, setView] = useState<View>('list');
  return (
    <Segmented
      label="Show records as"
      data={VIEWS}
      value={view}
      onChange={(next) => {
        setView(next);
        onChange(next);
      }}
    />
  );
}

describe('Segmented', () => {
  it('is a named group of radio buttons, the chosen one checked and drawn as chosen', () => {
    renderScreen(<Views onChange={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: 'Show records as' });
    expect(within(group).getByRole('radio', { name: 'List' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Calendar' })).not.toBeChecked();
    expect(within(group).getByText('List').closest('label')).toHaveAttribute('data-active', 'true');
    expect(within(group).getByText('Calendar').closest('label')).not.toHaveAttribute('data-active');
  });

  it('tells the new choice when a segment is picked and shows it chosen', async () => {
    const onChange = vi.fn();
    renderScreen(<Views onChange={onChange} />);
    await userEvent.click(screen.getByText('Calendar'));
    expect(onChange).toHaveBeenCalledWith('calendar');
    expect(screen.getByRole('radio', { name: 'Calendar' })).toBeChecked();
    expect(screen.getByText('Calendar').closest('label')).toHaveAttribute('data-active', 'true');
    expect(screen.getByText('List').closest('label')).not.toHaveAttribute('data-active');
  });

  it('keeps the radio buttons of two strips apart', () => {
    renderScreen(
      <>
        <Segmented label="First" data={VIEWS} value="list" onChange={() => undefined} />
        <Segmented label="Second" data={VIEWS} value="calendar" onChange={() => undefined} />
      </>,
    );
    expect(
      within(screen.getByRole('radiogroup', { name: 'First' })).getByRole('radio', { name: 'List' }),
    ).toBeChecked();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Second' })).getByRole('radio', { name: 'Calendar' }),
    ).toBeChecked();
  });
});
