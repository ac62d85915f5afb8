import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { FilterBar } from './filter-bar';

describe('FilterBar', () => {
  it('says how many filters are set, and its button shows and hides them', async () => {
    const { user } = renderScreen(
      <FilterBar active={2}>
        <label>
          Group <input />
        </label>
      </FilterBar>,
    );
    const toggle = screen.getByRole('button', { name: 'Filters (2 active)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const fields = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(fields).toContainElement(screen.getByRole('textbox', { name: 'Group' }));
    expect(fields?.parentElement).not.toHaveAttribute('data-open');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(fields?.parentElement).toHaveAttribute('data-open');
  });

  it('is plain "Filters" when none is set', () => {
    renderScreen(
      <FilterBar active={0}>
        <span>Status</span>
      </FilterBar>,
    );
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });
});
