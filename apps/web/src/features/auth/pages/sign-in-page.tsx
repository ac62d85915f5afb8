import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES, PATHS } from '@campus/contract';
import { languageAfterSignIn } from '../../../i18n/language';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { said } from '../../../i18n/said';
import { useCommonWords } from '../../../i18n/words';
import { getToken } from '../../../lib/session-store';
import { landingPath, noticeIn, readSignInState } from '../../../lib/sign-in-state';
import { useMailStatus } from '../../mail/api';
import { useDemoAccounts, useSession } from '../api';
import type { SignInFieldErrors, SignInResult } from '../sign-in';
import { SsoSignIn } from '../../sso/sso-sign-in';
import { PasswordField } from '../../../components/password-field';

/** The sign-in logic brings the form's zod schema: it loads once the form is used, not with the first paint. */
const loadSignIn = () => import('../sign-in');

function DemoAccounts() {
  const { t } = useCommonWords();
  const { data } = useDemoAccounts();
  if (!data || data.accounts.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" w="100%" maw={420} aria-labelledby="demo-accounts-title">
      <Title order={2} size="h5" id="demo-accounts-title">
        {t('signIn.demoTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('signIn.demoPasswordBefore')} <strong>{data.demoPassword}</strong>
        {t('signIn.demoPasswordAfter')}
      </Text>
      {/* A plain table: Mantine's Table would bring its scroll area into the sign-in bundle. */}
      <table className="demo-accounts">
        <thead>
          <tr>
            <th scope="col">{t('signIn.role')}</th>
            <th scope="col">{t('signIn.userId')}</th>
            <th scope="col">{t('signIn.note')}</th>
          </tr>
        </thead>
        <tbody>
          {data.accounts.map((a) => (
            <tr key={a.userId}>
              <td>{t(`signIn.roles.${a.role}`)}</td>
              <td>{a.userId}</td>
              {/* The demo campus's own note, as the server wrote it. */}
              <td lang="en">{a.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Paper>
  );
}

export function SignInPage() {
  const { t } = useCommonWords();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  // A reset link needs email: without it the link would lead nowhere, and Contact support is the way.
  const emailEnabled = useMailStatus().data?.emailEnabled === true;
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<SignInFieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const { notice, from } = readSignInState(location.state);

  if (getToken() && session.data) {
    const to = session.data.mustChangePassword ? PATHS.changePassword : landingPath(session.data.role, from);
    return <Navigate to={to} replace />;
  }

  async function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    setSubmitting(true);
    const result = await loadSignIn().then(
      ({ signIn }) => signIn(userId, password),
      (): SignInResult => ({ ok: false, error: MESSAGES.login.serverError }),
    );
    setSubmitting(false);
    if (result.ok) {
      // A language chosen here goes with the account; otherwise the account's is shown (record 0090).
      await languageAfterSignIn();
      const to = result.mustChangePassword ? PATHS.changePassword : landingPath(result.role, from);
      void navigate(to, { replace: true });
    } else if (result.fields) setFieldErrors(result.fields);
    else setError(result.error);
  }

  return (
    // Top-aligned rather than centred, so the demo accounts arriving below do not move the form.
    <Stack align="center" gap="lg" p="md" pt="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form
          onSubmit={(e) => void onSubmit(e)}
          onFocus={() => void loadSignIn()}
          noValidate
          aria-label={t('signIn.form')}
        >
          <Stack>
            <Center>
              <Image src="/logo.svg" alt={t('signIn.logo')} w={72} h={72} />
            </Center>
            <Title order={1} ta="center" size="h2">
              {t('signIn.title')}
            </Title>
            <LanguageSwitch />
            {notice && (
              <Alert color="yellow" role="status">
                {noticeIn(t, notice)}
              </Alert>
            )}
            <SsoSignIn from={from} />
            <TextInput
              label={t('signIn.userId')}
              name="userId"
              inputMode="numeric"
              autoComplete="username"
              required
              value={userId}
              error={fieldErrors.userId && said(t, fieldErrors.userId)}
              onChange={(e) => {
                setUserId(e.currentTarget.value);
                setFieldErrors((before) => ({ ...before, userId: undefined }));
              }}
            />
            <PasswordField
              label={t('signIn.password')}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              error={fieldErrors.password && said(t, fieldErrors.password)}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setFieldErrors((before) => ({ ...before, password: undefined }));
              }}
            />
            {error && (
              <Text c="var(--campus-text-danger)" ta="center" role="alert" fw={500}>
                {said(t, error)}
              </Text>
            )}
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? t('states.submitting') : t('signIn.login')}
            </Button>
            <Group justify="center" gap="lg">
              {emailEnabled && (
                <Anchor component={Link} to={PATHS.forgotPassword} size="sm">
                  {t('signIn.forgot')}
                </Anchor>
              )}
              <Anchor component={Link} to={PATHS.support} size="sm">
                {t('signIn.support')}
              </Anchor>
            </Group>
            {emailEnabled && (
              <Anchor component={Link} to={PATHS.guardian.codeSignIn} size="sm" ta="center">
                {t('signIn.guardian')}
              </Anchor>
            )}
          </Stack>
        </form>
      </Paper>
      <DemoAccounts />
    </Stack>
  );
}
