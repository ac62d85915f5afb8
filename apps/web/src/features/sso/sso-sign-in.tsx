/**
 * The university sign-in on the sign-in page (decision record 0086): its button, what the provider's
 * callback said when it refused, and, after a sign-in, taking the session and going home.
 */
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isSsoRefusal, PATHS, SSO_RESULT_PARAM } from '@campus/contract';
import { useCommonWords } from '../../i18n/words';
import { setToken } from '../../lib/session-store';
import { landingPath } from '../../lib/sign-in-state';
import { SSO_START_URL, takeSsoSession, useSsoStatus } from './api';

export function SsoSignIn({ from }: { from: string | undefined }) {
  const [params] = useSearchParams();
  const result = params.get(SSO_RESULT_PARAM);
  const navigate = useNavigate();
  const status = useSsoStatus();
  const [failed, setFailed] = useState(false);
  const { t } = useCommonWords();
  const taking = result === 'done' && !failed;

  useEffect(() => {
    if (result !== 'done') return;
    let cancelled = false;
    takeSsoSession().then(
      (session) => {
        if (cancelled) return;
        setToken(session.token);
        const to = session.mustChangePassword ? PATHS.changePassword : landingPath(session.role, from);
        void navigate(to, { replace: true });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [result, from, navigate]);

  // SSO_REFUSALS' words, in the person's language (common `sso.refusals`).
  const refusal = failed
    ? t('sso.refusals.failed')
    : isSsoRefusal(result)
      ? t(`sso.refusals.${result}`)
      : undefined;
  return (
    <Stack gap="sm">
      {refusal && (
        <Alert color="red" role="alert" title={t('sso.notSignedIn')}>
          {refusal}
        </Alert>
      )}
      {taking && (
        <Text role="status" ta="center">
          <Loader size="xs" mr="xs" />
          {t('sso.signingIn')}
        </Text>
      )}
      {status.data?.enabled && (
        <>
          {/* At least 44 px, and a long name wraps on a phone rather than being cut. */}
          <Button
            component="a"
            href={SSO_START_URL}
            variant="filled"
            h="auto"
            mih={44}
            py={6}
            fullWidth
            styles={{
              root: { display: 'flex', alignItems: 'center', justifyContent: 'center' },
              label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
            }}
          >
            {status.data.label}
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            {t('sso.orWithId')}
          </Text>
        </>
      )}
    </Stack>
  );
}
