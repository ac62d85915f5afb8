import { Button, Paper, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ChangePasswordRequestSchema, type ChangePasswordRequest } from '@campus/contract';
import { saidOfAccount, useAccountWords } from '../../../i18n/account';
import { showOutcome } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { failureDetail } from '../../../lib/failure';
import { useChangePassword } from '../api';
import { PasswordField } from '../../../components/password-field';

/** The server's refusals that one field can fix, said on that field. */
const FIELD_OF: Record<string, keyof ChangePasswordRequest> = {
  'The current password is not correct': 'currentPassword',
  'The new password must differ from the current one': 'newPassword',
};

/** Change password: the profile offers this instead of ever showing a password. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const t = useAccountWords();
  const form = useForm<ChangePasswordRequest>({
    name: 'change-password',
    initialValues: { currentPassword: '', newPassword: '' },
    validate: schemaResolver(ChangePasswordRequestSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit(
    (values) =>
      change.mutate(values, {
        onSuccess: (res) => {
          showOutcome({ ok: true, message: saidOfAccount(t, res.message) });
          form.reset();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF[error.serverMessage ?? ''] : undefined;
          if (field && error instanceof ApiError) {
            form.setFieldError(field, saidOfAccount(t, error.serverMessage ?? ''));
            form.getInputNode(field)?.focus();
            return;
          }
          showOutcome({ ok: false, title: t('password.changeFailed'), message: failureDetail(error) });
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
            {t('password.changeTitle')}
          </Title>
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            required
            {...field('currentPassword')}
          />
          <PasswordField
            label={t('password.new')}
            description={t('password.atLeast')}
            autoComplete="new-password"
            required
            {...field('newPassword')}
          />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('submitting') : t('password.change')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
