/**
 * A person's data as one ZIP archive: `person.json` with everything, structured, one CSV per kind
 * of record (the cell rules of every export: lib/csv.ts), and their leave attachments as they were
 * sent.
 */
import { csvRow, type CsvCell } from '@campus/contract';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { PersonData } from './export-data';

const cell = (value: unknown): CsvCell => {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return typeof value === 'bigint' ? value.toString() : JSON.stringify(value);
};

/** A name that is safe as a path in the archive: no directories, no dot files. */
export const safeFileName = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100) || 'file';

export function personJson(data: PersonData, generatedAt: string): string {
  const { subject } = data;
  return JSON.stringify(
    {
      generatedAt,
      account: {
        userId: subject.loginId,
        role: subject.role,
        createdAt: subject.createdAt,
        deactivatedAt: subject.deactivatedAt,
      },
      profile: data.profile,
      ...Object.fromEntries(data.sections.map((s) => [s.file, s.rows])),
    },
    null,
    2,
  );
}

export function personArchive(data: PersonData, generatedAt: string): Uint8Array {
  const files: Zippable = { 'person.json': strToU8(personJson(data, generatedAt)) };
  for (const section of data.sections) {
    // A byte-order mark, as the other exports have: spreadsheets then read UTF-8 names right.
    let text = `\uFEFF${csvRow(section.columns)}`;
    for (const row of section.rows) text += csvRow(section.columns.map((c) => cell(row[c])));
    files[`${section.file}.csv`] = strToU8(text);
  }
  for (const file of data.attachments) {
    files[`attachments/${safeFileName(file.leaveId)}-${safeFileName(file.name)}`] = new Uint8Array(file.data);
  }
  return zipSync(files, { level: 6, mtime: new Date(generatedAt) });
}
