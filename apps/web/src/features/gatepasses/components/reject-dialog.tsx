/** Asks a teacher why a pass is rejected; the reason is optional and shown to the student. */
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { GATE_PASS_REJECT_REASON_MAX, type GatePass } from '@campus/contract';

export function RejectDialog({
  pass,
  onReject,
  onClose,
}: {
  /** The pass being rejected; null when the dialog is closed. */
  pass: GatePass | null;
  onReject: (pass: GatePass, reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal
      opened={pass !== null}
      onClose={close}
      title={pass ? `Reject the gate pass of ${pass.name}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (pass) onReject(pass, reason);
          close();
        }}
      >
        <Stack>
          <Textarea
            label="Reason (optional)"
            description="The student sees it with the decision."
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
              Reject gate pass
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
