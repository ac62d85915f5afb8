import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MarksRecord, MarksUpdate } from '@campus/contract';
import { fill, renderScreen } from '../../../test/render';
import { MarksForm } from './marks-form';

configure({ asyncUtilTimeout: 5000 });

const RECORD: MarksRecord = {
  RollNo: 230001,
  Name: 'Asha Rao',
  group: 'CSE-A',
  '10th %age': 91.5,
  '12th %age': 88,
  'Sem-1 SGPA': 8.1,
  'Sem-2 SGPA': 8.4,
  'Sem-3 SGPA': null,
  'Sem-4 SGPA': null,
  CGPA: 8.25,
  cgpaSource: 'computed',
};

const NO_RECORD: MarksRecord = {
  ...RECORD,
  '10th %age': null,
  '12th %age': null,
  'Sem-1 SGPA': null,
  'Sem-2 SGPA': null,
  CGPA: null,
  cgpaSource: null,
};

function setup(record = RECORD, props: { pending?: boolean; error?: string | null } = {}) {
  const onSubmit = vi.fn<(marks: MarksUpdate) => void>();
  const onCancel = vi.fn();
  const result = renderScreen(
    <MarksForm
      record={record}
      pending={props.pending ?? false}
      error={props.error ?? null}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />,
  );
  return { ...result, onSubmit, onCancel };
}

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

describe('MarksForm', { timeout: 20_000 }, () => {
  it("shows the student's marks, empty where not known, and the CGPA the SGPAs give as they are typed", async () => {
    const { user } = setup();
    expect(screen.getByRole('form', { name: 'Marks of Asha Rao' })).toBeInTheDocument();
    expect(field('10th %age')).toHaveValue('91.5');
    expect(field('Sem-2 SGPA')).toHaveValue('8.4');
    expect(field('Sem-3 SGPA')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Computed from the SGPAs' })).toBeChecked();
    expect(screen.getByText(/^CGPA:/)).toHaveTextContent('CGPA: 8.25 (computed from 2 semesters)');

    await fill(user, field('Sem-3 SGPA'), '9');
    expect(screen.getByText(/^CGPA:/)).toHaveTextContent('CGPA: 8.50 (computed from 3 semesters)');
    // A mark that is not valid yet does not count.
    await fill(user, field('Sem-4 SGPA'), '12');
    expect(screen.getByText(/^CGPA:/)).toHaveTextContent('CGPA: 8.50 (computed from 3 semesters)');
  });

  it('names each wrong field under it and sends nothing', async () => {
    const { user, onSubmit } = setup();
    await user.clear(field('10th %age'));
    await fill(user, field('10th %age'), '101');
    await fill(user, field('Sem-3 SGPA'), 'nine');
    await fill(user, field('Sem-4 SGPA'), '8.125');
    await user.click(screen.getByRole('button', { name: 'Save marks' }));

    expect(await screen.findByText('10th %age must be a number from 0 to 100')).toBeInTheDocument();
    expect(field('10th %age')).toHaveAttribute('aria-invalid', 'true');
    expect(field('10th %age')).toHaveAccessibleDescription(/10th %age must be a number from 0 to 100/);
    expect(screen.getByText('Sem-3 SGPA must be a number from 0 to 10')).toBeInTheDocument();
    expect(screen.getByText('Sem-4 SGPA must have at most 2 decimal places')).toBeInTheDocument();
    expect(field('12th %age')).not.toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends numbers, null for empty fields, and the CGPA computed from the SGPAs', async () => {
    const { user, onSubmit } = setup();
    await user.clear(field('12th %age'));
    await fill(user, field('Sem-3 SGPA'), ' 7.75 ');
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(onSubmit).toHaveBeenCalledWith({
      '10th %age': 91.5,
      '12th %age': null,
      'Sem-1 SGPA': 8.1,
      'Sem-2 SGPA': 8.4,
      'Sem-3 SGPA': 7.75,
      'Sem-4 SGPA': null,
      cgpaSource: 'computed',
      CGPA: 8.08,
    });
  });

  it('takes a CGPA entered by hand, checked like the other marks', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('radio', { name: 'Entered' }));
    expect(screen.queryByText(/^CGPA:/)).not.toBeInTheDocument();
    const cgpa = screen.getByRole('textbox', { name: /^CGPA \(entered\)/ });
    await fill(user, cgpa, '10.5');
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(await screen.findByText('CGPA must be a number from 0 to 10')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(cgpa);
    await fill(user, cgpa, '8.9');
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ cgpaSource: 'entered', CGPA: 8.9 }));
  });

  it('opens a student without marks empty, with the CGPA computed', () => {
    setup(NO_RECORD);
    expect(field('10th %age')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Computed from the SGPAs' })).toBeChecked();
    expect(screen.getByText(/^CGPA:/)).toHaveTextContent('CGPA: not known yet (computed from 0 semesters)');
  });

  it('keeps an entered CGPA entered', () => {
    setup({ ...RECORD, cgpaSource: 'entered', CGPA: 8.31 });
    expect(screen.getByRole('radio', { name: 'Entered' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^CGPA \(entered\)/ })).toHaveValue('8.31');
  });

  it('shows why a save failed, and Submitting... while it runs', async () => {
    const { user, onCancel } = setup(RECORD, { pending: true, error: 'You can change the marks of ...' });
    expect(screen.getByRole('alert')).toHaveTextContent('You can change the marks of ...');
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
