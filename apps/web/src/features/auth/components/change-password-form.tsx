import { Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ChangePasswordRequestSchema, MESSAGES, type ChangePasswordRequest } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { failureDetail } from '../../../lib/failure';
import { useChangePassword } from '../api';

/** The server's refusals that one field can fix, said on that field. */
const FIELD_OF: Record<string, keyof ChangePasswordRequest> = {
  'The current password is not correct': 'currentPassword',
  'The new password must differ from the current one': 'newPassword',
};

/** Change password: the profile offers this instead of ever showing a password. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordRequest>({
    name: 'change-password',
    initialValues: { currentPassword: '', newPassword: '' },
    validate: schemaResolver(ChangePasswordRequestSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit(
    (values) =>
      change.mutate(values, {
        onSuccess: (res) => {
          showOutcome({ ok: true, message: res.message });
          form.reset();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF[error.serverMessage ?? ''] : undefined;
          if (field && error instanceof ApiError) {
            form.setFieldError(field, error.serverMessage);
            form.getInputNode(field)?.focus();
            return;
          }
          showOutcome({ ok: false, title: 'Could not change your password', message: failureDetail(error) });
        },
      }),
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first)?.focus();
    },
  );

  // Mantine's password field does not mark itself invalid for assistive technology; this does.
  const field = (path: keyof ChangePasswordRequest) => ({
    ...form.getInputProps(path),
    'aria-invalid': form.errors[path] ? true : undefined,
  });

  return (
    <Paper withBorder p="md" radius="md" maw={420}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
        <Stack>
          <Title order={2} size="h4" id="change-password-title">
            Change password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...field('currentPassword')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            {...field('newPassword')}
          />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? MESSAGES.submitting : 'Change password'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
