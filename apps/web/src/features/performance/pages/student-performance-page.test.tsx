import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Decoded, Performance } from '@campus/contract';
import { renderScreen, stubApi } from '../../../test/render';
import { StudentPerformancePage } from './student-performance-page';

const student: Decoded = { role: 'student', name: 'Asha Rao', email: 'a@x.edu', RollNo: 230003, exp: 9e9 };
const record: Performance = {
  RollNo: 230003,
  Name: 'Asha Rao',
  '10th %age': 91.4,
  '12th %age': 88,
  'Sem-1 SGPA': 8.5,
  'Sem-2 SGPA': 9.12,
  'Sem-3 SGPA': null,
  'Sem-4 SGPA': null,
  CGPA: 8.81,
};

function setup([status, body]: [number, unknown]) {
  stubApi((call) =>
    call.path === '/api/performance/230003' ? { status, body } : { status: 404, body: { message: 'no' } },
  );
  localStorage.setItem('jwtToken', 'tok');
  renderScreen(<StudentPerformancePage />, student);
}

const valueOf = (card: HTMLElement, label: string) =>
  within(card)
    .getByRole('row', { name: new RegExp(`^${label}`) })
    .querySelector('td')?.textContent;

// Generous waits: Mantine screens render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('student performance', { timeout: 20_000 }, () => {
  it('shows one marks card with 10th, 12th, four semesters and CGPA; Not Available for a missing mark', async () => {
    setup([200, [record]]);
    const card = await screen.findByRole('region', { name: 'Marks' });
    expect(
      within(card)
        .getAllByRole('row')
        .map((row) => row.querySelector('th')?.textContent),
    ).toEqual(['10th %age', '12th %age', 'Sem-1 SGPA', 'Sem-2 SGPA', 'Sem-3 SGPA', 'Sem-4 SGPA', 'CGPA']);
    expect(valueOf(card, '10th %age')).toBe('91.4%');
    expect(valueOf(card, '12th %age')).toBe('88%');
    expect(valueOf(card, 'Sem-2 SGPA')).toBe('9.12');
    expect(valueOf(card, 'Sem-3 SGPA')).toBe('Not Available');
    expect(valueOf(card, 'CGPA')).toBe('8.81');
    expect(within(card).getByText(/Asha Rao · Roll No 230003/)).toBeInTheDocument();
  });

  it('shows Not Available everywhere when the student has no record yet', async () => {
    setup([200, []]);
    const card = await screen.findByRole('region', { name: 'Marks' });
    expect(within(card).getAllByText('Not Available')).toHaveLength(7);
  });

  it('shows the §8 message when the card cannot be fetched', async () => {
    setup([403, { message: 'Forbidden' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch performance data.');
  });
});
