/**
 * A guardian's sign-in by code (/guardian-sign-in): first their email address, then the six-digit
 * code mailed to it. The first answer is the same whether or not the address is a guardian's.
 * Every word is the guardian catalogue's (decision record 0090), with the language switch.
 */
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EMAIL_OFF_RESET_MESSAGE, GUARDIAN_CODE_REFUSED, PATHS, ROLE_HOME } from '@campus/contract';
import { LoadingState } from '../../../components/page-states';
import { useGuardianWords } from '../../../i18n/guardian';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { said } from '../../../i18n/said';
import { serverMessageOr } from '../../../lib/api-client';
import { setToken } from '../../../lib/session-store';
import { useMailStatus } from '../../mail/api';
import { LinkPage } from '../../mail/components/link-page';
import { askForCode, signInWithCode } from '../api';

export function GuardianCodePage() {
  const { t } = useGuardianWords();
  const status = useMailStatus();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  /** The server's known answers in the guardian's language; any other as it wrote it. */
  const shown = (message: string) =>
    message === GUARDIAN_CODE_REFUSED ? t('code.refused') : said((key, o) => t(key, o), message);

  async function run(work: () => Promise<void>) {
    setSubmitting(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(shown(serverMessageOr(error, t('code.failed'))));
    } finally {
      setSubmitting(false);
    }
  }

  function onAsk(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setProblem(t('code.enterEmail'));
      return;
    }
    void run(async () => {
      await askForCode(email.trim());
      setSent(true);
    });
  }

  function onSignIn(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem(t('code.enterCode'));
      return;
    }
    void run(async () => {
      const res = await signInWithCode(email.trim(), code.trim());
      if (!res.token) throw new Error(t('code.failed'));
      setToken(res.token);
      void navigate(ROLE_HOME.guardian, { replace: true });
    });
  }

  const problemText = problem && (
    <Text c="var(--campus-text-danger)" role="alert" fw={500}>
      {problem}
    </Text>
  );

  return (
    <LinkPage title={t('code.title')}>
      <Group justify="flex-end">
        <LanguageSwitch />
      </Group>
      {status.isPending ? (
        <LoadingState />
      ) : status.data && !status.data.emailEnabled ? (
        <Alert color="yellow" role="status">
          {shown(EMAIL_OFF_RESET_MESSAGE)} {t('code.emailOff')}
        </Alert>
      ) : !sent ? (
        <form onSubmit={onAsk} noValidate aria-label={t('code.askForm')}>
          <Stack>
            <Text>{t('code.askHint')}</Text>
            <TextInput
              label={t('code.email')}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            {problemText}
            <Button type="submit" mih={44} disabled={submitting} fullWidth>
              {submitting ? t('code.submitting') : t('code.send')}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={onSignIn} noValidate aria-label={t('code.signInForm')}>
          <Stack>
            <Alert color="green" role="status">
              {/* The one answer the server gives, whatever the address (GUARDIAN_CODE_ANSWER). */}
              {t('code.answer')}
            </Alert>
            <TextInput
              label={t('code.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            {problemText}
            <Button type="submit" mih={44} disabled={submitting} fullWidth>
              {submitting ? t('code.submitting') : t('code.signIn')}
            </Button>
            <Button
              variant="subtle"
              mih={44}
              onClick={() => {
                setSent(false);
                setCode('');
                setProblem(null);
              }}
            >
              {t('code.another')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor
        component={Link}
        to={PATHS.signIn}
        ta="center"
        size="sm"
        mih={44}
        style={{ alignContent: 'center' }}
      >
        {t('code.withPassword')}
      </Anchor>
    </LinkPage>
  );
}
