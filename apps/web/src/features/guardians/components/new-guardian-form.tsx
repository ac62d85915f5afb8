/** The office's form for a new guardian: name, address, phone and, if the office wants, the User ID. */
import { Button, Group, TextInput, Title } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { GuardianCreateRequestSchema } from '@campus/contract';
import type { IssuedPassword } from '../../../components/one-time-password-dialog';
import { showOutcome } from '../../../components/toast';
import { fieldErrors } from '../../../components/field-errors';
import { ApiError } from '../../../lib/api-client';
import { failureDetail } from '../../../lib/failure';
import { useCreateGuardian } from '../admin-api';

type Field = 'name' | 'email' | 'phoneNo' | 'guardianId';
const LABELS: Record<Field, string> = {
  name: 'Name',
  email: 'Email',
  phoneNo: 'Phone',
  guardianId: 'User ID',
};
const EMPTY: Record<Field, string> = { name: '', email: '', phoneNo: '', guardianId: '' };

export function NewGuardianForm({ onIssued }: { onIssued: (issued: IssuedPassword) => void }) {
  const create = useCreateGuardian();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const input = (field: Field) => ({
    value: form[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setForm({ ...form, [field]: e.currentTarget.value });
      setErrors({ ...errors, [field]: undefined });
    },
  });

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    // A User ID left empty is given by the portal, from 800001 up.
    const body = {
      name: form.name,
      email: form.email,
      phoneNo: form.phoneNo,
      ...(form.guardianId.trim() ? { guardianId: form.guardianId } : {}),
    };
    const parsed = GuardianCreateRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, LABELS));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: ({ guardian, oneTimePassword }) => {
        setForm(EMPTY);
        const who = `${guardian.name} (${guardian.guardianId})`;
        showOutcome({
          ok: true,
          message: `${who} was added as a guardian. Link them to their children below.`,
        });
        onIssued({ who, password: oneTimePassword });
      },
      // A taken address or User ID is said on its field, where it is fixed.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          const message = error.serverMessage ?? 'Already used';
          setErrors(message.startsWith('User ID') ? { guardianId: message } : { email: message });
          return;
        }
        showOutcome({
          ok: false,
          title: `Could not add the guardian ${form.name}`,
          message: failureDetail(error),
        });
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="new-guardian-title">
      <Title order={2} size="h3" mb="xs" id="new-guardian-title">
        New guardian
      </Title>
      <Group align="start" wrap="wrap">
        <TextInput label="Name" required {...input('name')} w={{ base: '100%', xs: 220 }} />
        <TextInput label="Email" required type="email" {...input('email')} w={{ base: '100%', xs: 260 }} />
        <TextInput label="Phone" type="tel" {...input('phoneNo')} w={{ base: '100%', xs: 180 }} />
        <TextInput
          label="User ID"
          description="Empty: the next free one"
          inputMode="numeric"
          {...input('guardianId')}
          w={{ base: '100%', xs: 180 }}
        />
        <Button type="submit" loading={create.isPending} mt={{ base: 0, xs: 25 }}>
          Create guardian
        </Button>
      </Group>
    </form>
  );
}
