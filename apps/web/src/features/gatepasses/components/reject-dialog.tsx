/** Asks a teacher why one or many passes are rejected; the reason is optional and shown to each student. */
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { GATE_PASS_REJECT_REASON_MAX, type GatePass } from '@campus/contract';

function titleOf(passes: GatePass[]): string {
  if (passes.length === 1) return `Reject the gate pass of ${passes[0]!.name}`;
  return `Reject ${passes.length} gate passes`;
}

export function RejectDialog({
  passes,
  onReject,
  onClose,
}: {
  /** The passes being rejected; null when the dialog is closed. */
  passes: GatePass[] | null;
  onReject: (passes: GatePass[], reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const many = passes !== null && passes.length > 1;
  return (
    <Modal
      opened={passes !== null}
      onClose={close}
      title={passes ? titleOf(passes) : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (passes) onReject(passes, reason);
          close();
        }}
      >
        <Stack>
          <Textarea
            label="Reason (optional)"
            description={
              many ? 'Each student sees it with the decision.' : 'The student sees it with the decision.'
            }
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={GATE_PASS_REJECT_REASON_MAX}
            rows={3}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red.9">
              {many ? `Reject ${passes.length} gate passes` : 'Reject gate pass'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
