/** How marks are shown: a missing mark reads 'Not Available' (SPEC §8). */
import { MESSAGES, PERFORMANCE_SEMESTER_KEYS, type Performance } from '@campus/contract';
import { formatDecimal } from '../../lib/format';

export const formatPercent = (value: number | null): string =>
  value === null ? MESSAGES.profile.notAvailable : `${value}%`;

export const formatGpa = (value: number | null): string =>
  value === null ? MESSAGES.profile.notAvailable : formatDecimal(value, 2);

/** The marks of a record in display order: 10th, 12th, the four semesters (SPEC §9), CGPA. */
export function marksOf(record: Performance | null): { label: string; value: string }[] {
  const mark = (key: keyof Omit<Performance, 'RollNo' | 'Name'>) => record?.[key] ?? null;
  return [
    { label: '10th %age', value: formatPercent(mark('10th %age')) },
    { label: '12th %age', value: formatPercent(mark('12th %age')) },
    ...PERFORMANCE_SEMESTER_KEYS.map((key) => ({ label: key, value: formatGpa(mark(key)) })),
    { label: 'CGPA', value: formatGpa(mark('CGPA')) },
  ];
}

/** One column per mark, right-aligned, for the tables of many students' marks. */
export function markColumns<T extends Performance>(
  note: (record: T, label: string) => string = () => '',
): { header: string; align: 'right'; cell: (record: T) => string }[] {
  return marksOf(null).map(({ label }, index) => ({
    header: label,
    align: 'right',
    cell: (record) => `${marksOf(record)[index]?.value ?? ''}${note(record, label)}`,
  }));
}
