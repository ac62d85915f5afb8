/** Route guards: a signed-out or expired user goes to /, a signed-in one stays in their own area. */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, PATHS, ROLE_HOME, type Decoded, type Role } from '@campus/contract';
import { Button, Center, Stack, Text } from '@mantine/core';
import { LoadingState } from '../components/page-states';
import { ApiError, onUnauthorized } from '../lib/api-client';
import { clearToken, getToken } from '../lib/session-store';
import { useSession } from '../features/auth/api';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Any signed-in call that answers 401 ends the session and returns to the sign-in screen. */
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized(() => {
        clearToken();
        queryClient.clear();
        void navigate(PATHS.signIn, { replace: true, state: { notice: SESSION_ENDED } });
      }),
    [navigate, queryClient],
  );
  return null;
}

export function RequireRole({ role, children }: { role: Role; children: (session: Decoded) => ReactNode }) {
  const session = useSession();
  if (!getToken()) return <Navigate to={PATHS.signIn} replace />;
  if (session.isPending) return <LoadingState />;
  if (session.isError && !(session.error instanceof ApiError && session.error.status === 401)) {
    return (
      <Center py="xl">
        <Stack align="center">
          <Text role="alert">{MESSAGES.profile.fetchDataFailed}</Text>
          <Button onClick={() => void session.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  if (!session.data) {
    clearToken();
    return <Navigate to={PATHS.signIn} replace state={{ notice: SESSION_ENDED }} />;
  }
  if (session.data.role !== role) return <Navigate to={ROLE_HOME[session.data.role]} replace />;
  return <>{children(session.data)}</>;
}
