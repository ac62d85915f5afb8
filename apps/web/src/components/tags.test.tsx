import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { Tags } from './tags';

describe('Tags', () => {
  it('lists each tag as it was written, under the name "Tags"', () => {
    renderScreen(<Tags tags={['exams', 'Hostel fees']} />);
    const list = screen.getByRole('list', { name: 'Tags' });
    const items = screen.getAllByRole('listitem');
    expect(list).toContainElement(items[0]!);
    expect(items.map((item) => item.textContent)).toEqual(['exams', 'Hostel fees']);
  });

  it('shows nothing without tags', () => {
    renderScreen(<Tags tags={[]} />);
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
  });
});
