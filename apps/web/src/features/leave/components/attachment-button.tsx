/** Downloads a leave application's attachment (the student's, their mentors' and admins' only). */
import { Button } from '@mantine/core';
import { useState } from 'react';
import type { Leave } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { serverMessageOr } from '../../../lib/api-client';
import { formatCount, formatDecimal } from '../../../lib/format';
import { useStudentWords } from '../../../i18n/student';
import { downloadAttachment } from '../api';

const kb = (size: number) =>
  size < 1024 * 1024 ? `${formatCount(Math.ceil(size / 1024))} KB` : `${formatDecimal(size / 1048576, 1)} MB`;

export function AttachmentButton({ leave, compact = false }: { leave: Leave; compact?: boolean }) {
  const { t } = useStudentWords();
  const [busy, setBusy] = useState(false);
  if (!leave.attachment) return null;
  const { name, size } = leave.attachment;
  return (
    <Button
      variant="light"
      size={compact ? 'compact-sm' : 'sm'}
      loading={busy}
      aria-label={t('leave.card.download', { name })}
      onClick={() => {
        setBusy(true);
        downloadAttachment(leave)
          .catch((error: unknown) =>
            showOutcome({ ok: false, message: serverMessageOr(error, t('leave.card.downloadFailed')) }),
          )
          .finally(() => setBusy(false));
      }}
      style={{ maxWidth: '100%' }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {name} ({kb(size)})
      </span>
    </Button>
  );
}
