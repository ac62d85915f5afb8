import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ChangePasswordRequestSchema, MESSAGES } from '@campus/contract';
import { serverMessageOr } from '../../../lib/api-client';
import { useChangePassword } from '../api';

/** Change password: the profile offers this instead of ever showing a password. */
export function ChangePasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const change = useChangePassword();

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    setResult(null);
    const parsed = ChangePasswordRequestSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setResult({ ok: false, message: parsed.error.issues[0]?.message ?? 'Check the form' });
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: (res) => {
        setResult({ ok: true, message: res.message });
        setCurrent('');
        setNew('');
      },
      onError: (error) =>
        setResult({ ok: false, message: serverMessageOr(error, 'Could not change the password.') }),
    });
  }

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
            value={currentPassword}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNew(e.currentTarget.value)}
          />
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          )}
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? MESSAGES.submitting : 'Change password'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
