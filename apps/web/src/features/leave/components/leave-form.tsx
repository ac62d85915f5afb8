/**
 * The student's leave application: from, to, reason and an optional PDF, PNG or JPEG attachment of
 * at most 2 MB. The range and the file are checked here as the server checks them.
 */
import { Button, FileInput, Paper, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  LEAVE_ATTACHMENT_MAX_BYTES,
  LEAVE_ATTACHMENT_TYPES,
  LEAVE_MESSAGES,
  LEAVE_REASON_MAX,
  leaveRangeProblem,
  type Leave,
  type LeaveAttachmentType,
} from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { formatDayRange } from '../../../lib/format';
import { localIsoDate } from '../../../lib/today';
import { readAsBase64, useApplyLeave } from '../api';
import { DayInput } from '../../../components/day-input';

const MB = LEAVE_ATTACHMENT_MAX_BYTES / (1024 * 1024);

function fileProblem(file: File | null): string | null {
  if (!file) return null;
  if (!(LEAVE_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
    return 'The attachment must be a PDF, PNG or JPEG file.';
  }
  if (file.size > LEAVE_ATTACHMENT_MAX_BYTES) return `The attachment must be at most ${MB} MB.`;
  return null;
}

/** `onView` leads to the new application in the list below the form. */
export function LeaveForm({ onView }: { onView?: (leave: Leave) => void }) {
  const today = localIsoDate();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const apply = useApplyLeave();

  const range = from && to ? leaveRangeProblem(from, to, today) : null;
  const problem = fileProblem(file);

  return (
    <Paper withBorder radius="md" p="md">
      <form
        aria-label="Apply for leave"
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
                message: `${LEAVE_MESSAGES.applied}\nFor ${formatDayRange(leave.from, leave.to)}; it waits for your mentor's decision.`,
                ...(onView ? { action: { label: 'View', onClick: () => onView(leave) } } : {}),
              });
              setReason('');
              setFile(null);
            } catch (err) {
              // What was typed stays, to correct or send again.
              showOutcome({
                ok: false,
                title: `Could not apply for leave for ${formatDayRange(from, to)}`,
                message: failureDetail(err, 'Failed to apply for leave.'),
              });
            }
          })();
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DayInput
              label="From"
              required
              value={from}
              onChange={setFrom}
              error={range?.field === 'from' ? `From ${range.message}` : undefined}
            />
            <DayInput
              label="To"
              required
              value={to}
              onChange={setTo}
              error={range?.field === 'to' ? `To ${range.message}` : undefined}
            />
          </SimpleGrid>
          <Textarea
            label="Reason"
            required
            rows={3}
            maxLength={LEAVE_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <FileInput
            label="Attachment (optional)"
            description={`A medical note or letter: PDF, PNG or JPEG, at most ${MB} MB. Your mentors see it.`}
            accept={LEAVE_ATTACHMENT_TYPES.join(',')}
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            error={problem}
          />
          <Button
            type="submit"
            loading={apply.isPending}
            disabled={Boolean(range || problem)}
            w={{ base: '100%', xs: 'auto' }}
          >
            {apply.isPending ? 'Submitting...' : 'Apply for leave'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
