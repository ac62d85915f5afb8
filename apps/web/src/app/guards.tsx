/** Route guards: a signed-out or expired user goes to /, a signed-in one stays in their own area. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PATHS, ROLE_HOME, TOKEN_STORAGE_KEY, type Decoded, type Role } from '@campus/contract';
import { Button, Center, Stack, Text } from '@mantine/core';
import { LoadingState } from '../components/page-states';
import { useCommonWords } from '../i18n/words';
import { ApiError, onUnauthorized } from '../lib/api-client';
import { endSession, getToken, sessionEndedNotice, signedOutOnPurpose } from '../lib/session-store';
import {
  SESSION_ENDED,
  SIGN_IN_TO_CONTINUE,
  SIGNED_OUT_ELSEWHERE,
  readSignInState,
  signInState,
} from '../lib/sign-in-state';
import { useSession } from '../features/auth/api';

/**
 * Ends the page's session when the server says it has ended (any signed-in call answering 401) or
 * when another tab signs out or in: the token lives in localStorage, which every tab shares, and a
 * `storage` event tells the other tabs of each change.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(() => {
    const toSignIn = (notice: string | undefined) => {
      queryClient.clear();
      const current: unknown = here.current.state;
      const state =
        here.current.pathname === PATHS.signIn
          ? { ...readSignInState(current), notice }
          : signInState(notice, here.current);
      void navigate(PATHS.signIn, { replace: true, state });
    };
    const stopListening = onUnauthorized(() => {
      // A 401 met while this page signs out on purpose is that sign-out: Logout's own navigation may
      // never run once the page is left, so the sign-in screen starts afresh here.
      if (signedOutOnPurpose(here.current)) {
        queryClient.clear();
        void navigate(PATHS.signIn, { replace: true });
        return;
      }
      endSession(SESSION_ENDED);
      toSignIn(SESSION_ENDED);
    });
    const onStorage = (event: StorageEvent) => {
      // A null key is localStorage.clear() in another tab.
      if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
      // Signed out elsewhere: say so. Signed in elsewhere (perhaps as someone else): the sign-in
      // screen resolves the new session and returns here if this page belongs to its role.
      if (getToken()) {
        toSignIn(undefined);
      } else {
        endSession(SIGNED_OUT_ELSEWHERE);
        toSignIn(SIGNED_OUT_ELSEWHERE);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopListening();
      window.removeEventListener('storage', onStorage);
    };
  }, [navigate, queryClient]);
  return null;
}

export function RequireRole({ role, children }: { role: Role; children: (session: Decoded) => ReactNode }) {
  const { t } = useCommonWords();
  const session = useSession();
  const location = useLocation();
  if (!getToken()) {
    // After Logout the sign-in screen starts afresh: the next person on the phone does not land on
    // the page the last one left.
    if (signedOutOnPurpose(location)) return <Navigate to={PATHS.signIn} replace />;
    // A session that has just ended keeps its reason, whichever of its calls saw the 401 first.
    const notice = sessionEndedNotice() ?? SIGN_IN_TO_CONTINUE;
    return <Navigate to={PATHS.signIn} replace state={signInState(notice, location)} />;
  }
  if (session.isPending) return <LoadingState />;
  if (session.isError && !(session.error instanceof ApiError && session.error.status === 401)) {
    return (
      <Center py="xl">
        <Stack align="center">
          <Text role="alert">{t('shared.fetchDataFailed')}</Text>
          <Button onClick={() => void session.refetch()}>{t('shared.tryAgain')}</Button>
        </Stack>
      </Center>
    );
  }
  if (!session.data) {
    endSession(SESSION_ENDED);
    return <Navigate to={PATHS.signIn} replace state={signInState(SESSION_ENDED, location)} />;
  }
  // A one-time password is replaced before anything else (record 0014).
  if (session.data.mustChangePassword) return <Navigate to={PATHS.changePassword} replace />;
  if (session.data.role !== role) return <Navigate to={ROLE_HOME[session.data.role]} replace />;
  return <>{children(session.data)}</>;
}
