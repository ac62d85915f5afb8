/**
 * Importing a CSV file: choose what it holds and the file, check it (nothing is written), fix and
 * check again until it has no problems, then import it with a progress bar, and download the
 * one-time passwords of the people it created (they are shown only once).
 */
import { Alert, Button, FileInput, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  IMPORT_COLUMNS,
  IMPORT_KIND_LABELS,
  IMPORT_KIND_NOTES,
  IMPORT_KINDS,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportReport,
} from '@campus/contract';
import { serverMessageOr } from '../../../lib/api-client';
import { refusedReport, saveCredentials, useApplyImport, useCheckImport, type ImportProgress } from '../api';
import { ImportCounts, ProblemsTable } from './import-report';
import { formatCount } from '../../../lib/format';

const isKind = (value: string | null): value is ImportKind => IMPORT_KINDS.some((k) => k === value);

function Columns({ kind }: { kind: ImportKind }) {
  const columns = IMPORT_COLUMNS[kind];
  return (
    <Text size="sm" c="dimmed">
      The first row names the columns: {columns.map((c) => c.name).join(', ')}. Required:{' '}
      {columns
        .filter((c) => c.required)
        .map((c) => c.name)
        .join(', ')}
      . Case and spaces in the names do not matter. {'UTF\u20118'}, up to 50 MB and{' '}
      {formatCount(IMPORT_MAX_ROWS)} rows.{IMPORT_KIND_NOTES[kind] && ` ${IMPORT_KIND_NOTES[kind]}`}
    </Text>
  );
}

function ImportProgressBar({ progress }: { progress: ImportProgress | null }) {
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const label = progress
    ? progress.phase === 'saving'
      ? 'Saving...'
      : `Writing ${progress.phase}: ${formatCount(progress.done)} of ${formatCount(progress.total)} rows`
    : 'Checking the file again...';
  return (
    <Stack gap={4}>
      <Progress value={percent} size="lg" animated={!progress} aria-label="Import progress" />
      <Text size="sm" aria-live="polite">
        {label}
      </Text>
    </Stack>
  );
}

export function ImportPanel() {
  const [kind, setKind] = useState<ImportKind>('students');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const check = useCheckImport();
  const apply = useApplyImport(setProgress);

  const reset = () => {
    check.reset();
    apply.reset();
    setProgress(null);
  };
  const report: ImportReport | undefined = refusedReport(apply.error) ?? check.data;
  // A refused import means the campus changed since the check: the file is checked again first.
  const checked = check.isSuccess && check.data.errorCount === 0 && !refusedReport(apply.error);
  const busy = check.isPending || apply.isPending;
  const result = apply.data;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Import
      </Title>
      <Group align="flex-end" gap="md">
        <Select
          label="What the file holds"
          data={IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_KIND_LABELS[k] }))}
          value={kind}
          onChange={(value) => {
            if (!isKind(value)) return;
            setKind(value);
            reset();
          }}
          allowDeselect={false}
          disabled={busy}
          w={{ base: '100%', xs: 240 }}
        />
        <FileInput
          label="CSV file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            reset();
          }}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          disabled={busy}
          w={{ base: '100%', xs: 320 }}
        />
      </Group>
      <Columns kind={kind} />
      <Group gap="sm">
        <Button
          variant="default"
          disabled={!file || busy}
          onClick={() => {
            if (!file) return;
            reset();
            check.mutate({ kind, file });
          }}
        >
          {check.isPending ? 'Checking...' : 'Check file'}
        </Button>
        <Button
          disabled={!file || !checked || busy || result !== undefined}
          onClick={() => {
            if (!file) return;
            setProgress(null);
            apply.mutate({ kind, file });
          }}
        >
          {apply.isPending ? 'Importing...' : 'Import'}
        </Button>
      </Group>
      {!checked && !busy && !result && (
        <Text size="sm" c="dimmed">
          “Import” is available once a check of the file finds no problems.
        </Text>
      )}
      {check.isError && (
        <Alert color="red" role="alert" title="The file could not be checked.">
          {serverMessageOr(check.error, 'Please try again.')}
        </Alert>
      )}
      {apply.isError && !refusedReport(apply.error) && (
        <Alert color="red" role="alert" title="The file was not imported.">
          {apply.error instanceof Error && !serverMessageOr(apply.error, '')
            ? apply.error.message
            : serverMessageOr(apply.error, 'Please try again.')}
        </Alert>
      )}
      {apply.isPending && <ImportProgressBar progress={progress} />}
      {result ? (
        <Stack gap="sm">
          <Alert color="green" role="status" title="Import finished.">
            <ImportCounts report={result.report} />
          </Alert>
          {result.credentials.length > 0 && (
            <Stack gap="xs" align="flex-start">
              <Text>
                {formatCount(result.credentials.length)} people were given one-time passwords, which they must
                change when they first sign in. They are shown only now: download them and hand them out.
              </Text>
              <Button onClick={() => saveCredentials(result.credentials, result.report.kind)}>
                Download one-time passwords
              </Button>
            </Stack>
          )}
        </Stack>
      ) : (
        report && (
          <Stack gap="sm">
            <ImportCounts report={report} />
            {report.errorCount > 0 ? (
              <ProblemsTable key={JSON.stringify(report.errors.slice(0, 3))} report={report} />
            ) : (
              <Text c="var(--campus-text-success)" fw={600}>
                No problems found. Press “Import” to import the file.
              </Text>
            )}
          </Stack>
        )
      )}
    </Stack>
  );
}
