/** Links a guardian to a student by roll number, with how the family says it ("Mother", "Uncle"). */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { GuardianLinkRequestSchema, RollNoSchema, type Guardian } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { failureDetail } from '../../../lib/failure';
import { useLinkGuardian } from '../admin-api';

export function LinkStudentDialog({ guardian, onClose }: { guardian: Guardian | null; onClose: () => void }) {
  const link = useLinkGuardian();
  const [rollNo, setRollNo] = useState('');
  const [relation, setRelation] = useState('');
  const [errors, setErrors] = useState<{ rollNo?: string; relation?: string }>({});

  const close = () => {
    setRollNo('');
    setRelation('');
    setErrors({});
    onClose();
  };

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!guardian) return;
    const roll = RollNoSchema.safeParse(rollNo.trim() === '' ? undefined : rollNo);
    const body = GuardianLinkRequestSchema.safeParse({ relation });
    const found = {
      ...(roll.success ? {} : { rollNo: 'Roll number must be a roll number' }),
      ...(body.success ? {} : { relation: `Relation ${body.error.issues[0]?.message ?? 'is not valid'}` }),
    };
    setErrors(found);
    if (!roll.success || !body.success) return;
    link.mutate(
      { guardianId: guardian.guardianId, rollNo: roll.data, relation: body.data.relation },
      {
        onSuccess: ({ message }) => {
          showOutcome({ ok: true, message: `${guardian.name}: ${message}.` });
          close();
        },
        // No such student: said on the roll number, where it is fixed.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404) {
            setErrors({ rollNo: error.serverMessage ?? 'No such student' });
            return;
          }
          showOutcome({ ok: false, title: `Could not link ${guardian.name}`, message: failureDetail(error) });
        },
      },
    );
  }

  return (
    <Modal
      opened={guardian !== null}
      onClose={close}
      title={guardian ? `Link ${guardian.name} to a student` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Roll number"
            required
            inputMode="numeric"
            value={rollNo}
            error={errors.rollNo}
            data-autofocus
            onChange={(e) => setRollNo(e.currentTarget.value)}
          />
          <TextInput
            label="Relation"
            description="As the family says it: Mother, Father, Uncle"
            required
            value={relation}
            error={errors.relation}
            onChange={(e) => setRelation(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={link.isPending}>
              Link student
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
