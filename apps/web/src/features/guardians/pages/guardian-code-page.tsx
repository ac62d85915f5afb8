/**
 * A guardian's sign-in by code (/guardian-sign-in): first their email address, then the six-digit
 * code mailed to it. The first answer is the same whether or not the address is a guardian's.
 */
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EMAIL_OFF_RESET_MESSAGE, MESSAGES, PATHS, ROLE_HOME } from '@campus/contract';
import { LoadingState } from '../../../components/page-states';
import { serverMessageOr } from '../../../lib/api-client';
import { setToken } from '../../../lib/session-store';
import { useMailStatus } from '../../mail/api';
import { LinkPage } from '../../mail/components/link-page';
import { askForCode, signInWithCode } from '../api';

const TITLE = 'Guardian sign-in';

export function GuardianCodePage() {
  const status = useMailStatus();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function run(work: () => Promise<void>) {
    setSubmitting(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(serverMessageOr(error, MESSAGES.login.serverError));
    } finally {
      setSubmitting(false);
    }
  }

  function onAsk(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setProblem('Enter your email address.');
      return;
    }
    void run(async () => setSent((await askForCode(email.trim())).message));
  }

  function onSignIn(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem('Enter the 6-digit code from the mail.');
      return;
    }
    void run(async () => {
      const res = await signInWithCode(email.trim(), code.trim());
      if (!res.token) throw new Error(MESSAGES.login.noToken);
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
    <LinkPage title={TITLE}>
      {status.isPending ? (
        <LoadingState />
      ) : status.data && !status.data.emailEnabled ? (
        <Alert color="yellow" role="status">
          {EMAIL_OFF_RESET_MESSAGE} Sign in with your guardian User ID and the one-time password the campus
          office gave you.
        </Alert>
      ) : sent === null ? (
        <form onSubmit={onAsk} noValidate aria-label="Ask for a sign-in code">
          <Stack>
            <Text>Enter the email address the campus has for you. We send a sign-in code there.</Text>
            <TextInput
              label="Email address"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            {problemText}
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? MESSAGES.submitting : 'Send me a code'}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={onSignIn} noValidate aria-label="Sign in with the code">
          <Stack>
            <Alert color="green" role="status">
              {sent}
            </Alert>
            <TextInput
              label="Sign-in code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            {problemText}
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? MESSAGES.submitting : 'Sign in'}
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                setSent(null);
                setCode('');
                setProblem(null);
              }}
            >
              Use another address
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={PATHS.signIn} ta="center" size="sm">
        Sign in with a User ID and password instead
      </Anchor>
    </LinkPage>
  );
}
