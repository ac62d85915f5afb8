/**
 * The confirmation before an admin erases a person's personal data: it cannot be undone, so the
 * admin types the person's User ID again before the button does anything.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '@campus/contract';
import { serverMessageOr } from '../../lib/api-client';
import { useErasePerson } from './api';

export interface ErasureTarget {
  accountId: string;
  name: string;
  userId: number;
}

function EraseForm({
  target,
  onClose,
  onErased,
}: {
  target: ErasureTarget;
  onClose: () => void;
  onErased: (pseudonym: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const erase = useErasePerson();
  const matches = typed.trim() === String(target.userId);

  const submit = () => {
    setError(null);
    erase.mutate(
      { accountId: target.accountId, body: { confirmUserId: target.userId } },
      {
        onSuccess: (res) => onErased(res.pseudonym),
        onError: (reason) => setError(serverMessageOr(reason, 'Could not erase. Please try again.')),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (matches) submit();
      }}
    >
      <Stack gap="md">
        <Text>
          Their name becomes a pseudonym; their contacts, what they wrote, their attachments, sessions and
          notifications are deleted. Attendance, marks and gate pass times stay, counted under the pseudonym.
          This cannot be undone: download their data first if it is needed.
        </Text>
        <TextInput
          label={`Type the User ID ${target.userId} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
        />
        {error && (
          <Text c="var(--campus-text-danger)" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" disabled={!matches || erase.isPending}>
            {erase.isPending ? MESSAGES.submitting : 'Erase personal data'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EraseDialog({
  target,
  onClose,
  onErased,
}: {
  target: ErasureTarget | null;
  onClose: () => void;
  onErased: (pseudonym: string) => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `Erase the personal data of ${target.name} (${target.userId})?` : undefined}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* A new form for each person, so that nothing typed for one is kept for the next. */}
      {target && <EraseForm key={target.accountId} target={target} onClose={onClose} onErased={onErased} />}
    </Modal>
  );
}
