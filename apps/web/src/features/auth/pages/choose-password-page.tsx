/**
 * Choose a new password (/change-password, outside the role areas): where a person who signed in
 * with a one-time password must go before anything else, and lands at their home once it is done.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ChangePasswordFormSchema, PATHS, ROLE_HOME, type ChangePasswordForm } from '@campus/contract';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { serverMessageOr } from '../../../lib/api-client';
import { getToken } from '../../../lib/session-store';
import { SIGN_IN_TO_CONTINUE, signInState } from '../../../lib/sign-in-state';
import { sessionQuery, useChangePassword, useSession } from '../api';
import { LogoutButton } from '../components/logout-button';
import { saidOfAccount, useAccountWords } from '../../../i18n/account';
import type { Words } from '../../../i18n/words';
import { PasswordField } from '../../../components/password-field';

const resolve = schemaResolver(ChangePasswordFormSchema, { sync: true });

/** The schema calls the first field "Current password"; here it is the one-time password. */
const validateIn = (t: Words) => (values: ChangePasswordForm) =>
  Object.fromEntries(
    Object.entries(resolve(values)).map(([field, message]) => [
      field,
      // The resolver gives each issue's message, which is text.
      (message as string).replace(/^Current password/, t('password.oneTime')),
    ]),
  );

export function ChoosePasswordPage() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const t = useAccountWords();
  const form = useForm<ChangePasswordForm>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: validateIn(t),
  });
  const documentTitle = t('mail.documentTitle', { title: t('password.chooseTitle') });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  const token = getToken();
  if (!token)
    return <Navigate to={PATHS.signIn} replace state={signInState(SIGN_IN_TO_CONTINUE, location)} />;
  if (session.isPending) return <LoadingState label={t('profile.loading')} />;
  // A session that ended answers 401, which sends the page to sign in (SessionWatcher).
  if (session.isError) {
    return <LoadFailedState title={t('profile.fetchDataFailed')} onRetry={() => void session.refetch()} />;
  }
  const { role } = session.data;

  const submit = form.onSubmit(({ currentPassword, newPassword }) => {
    setFailure(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          // The identity is read again, so the role area no longer sends the person back here.
          const fresh = queryClient.query({ ...sessionQuery(token), staleTime: 0 }).catch(() => undefined);
          void fresh.then(() => navigate(ROLE_HOME[role], { replace: true }));
        },
        onError: (error) =>
          setFailure(saidOfAccount(t, serverMessageOr(error, t('password.changeFailedShort')))),
      },
    );
  });

  return (
    <Stack align="center" gap="lg" p="md" pt="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={submit} noValidate aria-labelledby="choose-password-title">
          <Stack>
            <Title order={1} size="h2" id="choose-password-title">
              {t('password.chooseTitle')}
            </Title>
            <Text>
              {session.data.mustChangePassword ? t('password.oneTimeAbout') : t('password.chooseAbout')}
            </Text>
            <PasswordField
              label={t('password.oneTime')}
              autoComplete="current-password"
              required
              {...form.getInputProps('currentPassword')}
            />
            <PasswordField
              label={t('password.new')}
              description={t('password.atLeast')}
              autoComplete="new-password"
              required
              {...form.getInputProps('newPassword')}
            />
            <PasswordField
              label={t('password.confirmNew')}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmPassword')}
            />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Button type="submit" disabled={change.isPending} fullWidth>
              {change.isPending ? t('submitting') : t('password.change')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Group>
        <LogoutButton />
      </Group>
    </Stack>
  );
}
