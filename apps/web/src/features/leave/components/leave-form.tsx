/**
 * The student's leave application: from, to, reason and an optional PDF, PNG or JPEG attachment of
 * at most 2 MB. The range and the file are checked here as the server checks them.
 */
import { Button, FileInput, Paper, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  LEAVE_ATTACHMENT_MAX_BYTES,
  LEAVE_ATTACHMENT_TYPES,
  LEAVE_REASON_MAX,
  leaveRangeProblem,
  type Leave,
  type LeaveAttachmentType,
} from '@campus/contract';
import type { TFunction } from 'i18next';
import { showOutcome } from '../../../components/toast';
import { useDayRange, useStudentWords } from '../../../i18n/student';
import { failureDetail } from '../../../lib/failure';
import { readAsBase64, useApplyLeave } from '../api';
import { DayInput } from '../../../components/day-input';
import { useCampusToday } from '../../timetable/campus-now';

const MB = LEAVE_ATTACHMENT_MAX_BYTES / (1024 * 1024);

function fileProblem(t: TFunction, file: File | null): string | null {
  if (!file) return null;
  if (!(LEAVE_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
    return t('leave.form.fileType');
  }
  if (file.size > LEAVE_ATTACHMENT_MAX_BYTES) return t('leave.form.fileSize', { mb: MB });
  return null;
}

/** The contract's range problem (English, as the server says it) in the person's language, by its kind. */
function rangeWords(t: TFunction, message: string): string {
  if (message === 'must not be before from') return t('leave.form.beforeFrom');
  const count = Number(/\d+/.exec(message)?.[0]);
  if (/of from$/.test(message)) return t('leave.form.withinDays', { count });
  if (/ago$/.test(message)) return t('leave.form.daysAgo', { count });
  if (/from today$/.test(message)) return t('leave.form.daysAhead', { count });
  return message;
}

/** `onView` leads to the new application in the list below the form. */
export function LeaveForm({ onView }: { onView?: (leave: Leave) => void }) {
  const today = useCampusToday();
  // Null until chosen: both start on the campus's today, which is known once its zone arrives.
  const [chosenFrom, setFrom] = useState<string | null>(null);
  const [chosenTo, setTo] = useState<string | null>(null);
  const from = chosenFrom ?? today;
  const to = chosenTo ?? today;
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const apply = useApplyLeave();
  const { t } = useStudentWords();
  const dayRange = useDayRange();

  const range = from && to ? leaveRangeProblem(from, to, today) : null;
  const problem = fileProblem(t, file);
  const rangeError = (field: 'from' | 'to') =>
    range?.field === field
      ? t('leave.form.fieldProblem', {
          field: t(`leave.form.${field}`),
          problem: rangeWords(t, range.message),
        })
      : undefined;

  return (
    <Paper withBorder radius="md" p="md">
      <form
        aria-label={t('leave.form.name')}
        onSubmit={(event) => {
          event.preventDefault();
          if (range || problem) return;
          void (async () => {
            try {
              const attachment = file
                ? { name: file.name, type: file.type as LeaveAttachmentType, data: await readAsBase64(file) }
                : undefined;
              const { leave } = await apply.mutateAsync({
                from,
                to,
                reason,
                ...(attachment ? { attachment } : {}),
              });
              showOutcome({
                ok: true,
                message: `${t('leave.form.applied')}\n${t('leave.form.appliedFor', { days: dayRange(leave.from, leave.to) })}`,
                ...(onView ? { action: { label: t('leave.form.view'), onClick: () => onView(leave) } } : {}),
              });
              setReason('');
              setFile(null);
            } catch (err) {
              // What was typed stays, to correct or send again.
              showOutcome({
                ok: false,
                title: t('leave.form.failedTitle', { days: dayRange(from, to) }),
                message: failureDetail(err, t('leave.form.failed')),
              });
            }
          })();
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DayInput
              label={t('leave.form.from')}
              required
              value={from}
              onChange={setFrom}
              error={rangeError('from')}
            />
            <DayInput
              label={t('leave.form.to')}
              required
              value={to}
              onChange={setTo}
              error={rangeError('to')}
            />
          </SimpleGrid>
          <Textarea
            label={t('leave.form.reason')}
            required
            rows={3}
            maxLength={LEAVE_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <FileInput
            label={t('leave.form.attachment')}
            description={t('leave.form.attachmentHint', { mb: MB })}
            accept={LEAVE_ATTACHMENT_TYPES.join(',')}
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ 'aria-label': t('leave.form.removeFile') }}
            error={problem}
          />
          <Button
            type="submit"
            loading={apply.isPending}
            disabled={Boolean(range || problem)}
            w={{ base: '100%', xs: 'auto' }}
          >
            {apply.isPending ? t('leave.form.submitting') : t('leave.form.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
