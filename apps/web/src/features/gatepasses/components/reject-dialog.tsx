/**
 * Asks a teacher why one or many passes are rejected. A reason is required (each student sees it with
 * the decision): one of the common ones in a tap, or the teacher's own words.
 */
import { Button, Chip, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { GATE_PASS_REJECT_REASON_MAX, type GatePass } from '@campus/contract';

export const COMMON_REJECT_REASONS = [
  'Classes or an exam at that time',
  'The reason given is not enough',
  'A parent or guardian must confirm first',
  'Please apply with more notice',
] as const;

export const REASON_REQUIRED = 'Give a reason: the student sees it with the decision.';

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
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const many = passes !== null && passes.length > 1;
  const preset = (COMMON_REJECT_REASONS as readonly string[]).includes(reason) ? reason : null;
  const write = (text: string) => {
    setReason(text);
    if (text.trim()) setError(null);
  };
  return (
    <Modal
      opened={passes !== null}
      onClose={close}
      title={passes ? titleOf(passes) : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (!text) {
            setError(REASON_REQUIRED);
            return;
          }
          if (passes) onReject(passes, text);
          close();
        }}
      >
        <Stack>
          <div role="group" aria-labelledby="reject-common-reasons">
            <Text id="reject-common-reasons" size="sm" fw={500} mb={6}>
              Common reasons
            </Text>
            <Chip.Group value={preset} onChange={(value) => write(value)}>
              <Group gap="xs">
                {COMMON_REJECT_REASONS.map((text) => (
                  <Chip key={text} value={text} size="sm" variant="outline">
                    {text}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
          <Textarea
            label="Reason"
            description={
              many ? 'Each student sees it with the decision.' : 'The student sees it with the decision.'
            }
            value={reason}
            onChange={(event) => write(event.currentTarget.value)}
            error={error}
            required
            maxLength={GATE_PASS_REJECT_REASON_MAX}
            autosize
            minRows={3}
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
