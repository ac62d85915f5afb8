/** Providers and the top-level routes: sign-in, support, and the lazily loaded role areas. */
import './mantine-first-paint.css';
// Toasts show in the role areas and on the public support page: their styles are the entry's own.
import '@mantine/notifications/styles.css';
import './global.css';
import './phone-controls.css';
import { Box, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { PATHS } from '@campus/contract';
import { NotFound } from '../components/not-found';
import { LoadingState } from '../components/page-states';
import { CONTENT_ID, SkipLink } from '../components/skip-link';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { readyLazy } from '../lib/ready-lazy';
import { SessionWatcher } from './guards';
import { loadArea, preloadScreen } from './preload';
import { cssVariablesResolver, theme } from './theme';

const SupportPage = lazy(() =>
  import('../features/support/pages/support-page').then((m) => ({ default: m.SupportPage })),
);
const ChoosePasswordPage = lazy(() =>
  import('../features/auth/pages/choose-password-page').then((m) => ({ default: m.ChoosePasswordPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/mail/pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
const GuardianCodePage = lazy(() =>
  import('../features/guardians/pages/guardian-code-page').then((m) => ({ default: m.GuardianCodePage })),
);
const GuardianConsentPage = lazy(() =>
  import('../features/guardians/pages/guardian-consent-page').then((m) => ({
    default: m.GuardianConsentPage,
  })),
);
const Area = readyLazy(loadArea);

const queryClient = new QueryClient({
  // Live updates reload what changed; focus and a regained network refetch what they could not say.
  // Offline, a query still asks once: the service worker answers with what it kept (record 0087).
  defaultOptions: {
    queries: {
      retry: 1,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
      staleTime: 30_000,
      networkMode: 'offlineFirst',
    },
  },
});
void preloadScreen(queryClient, window.location.pathname);
// The first visit's answers came before the service worker: once it controls the page, they are read
// again through it, so that the screens seen so far open offline too (decision record 0087).
if (typeof navigator.serviceWorker !== 'undefined' && !navigator.serviceWorker.controller) {
  navigator.serviceWorker.addEventListener('controllerchange', () => void queryClient.refetchQueries(), {
    once: true,
  });
}

/** The pages outside the role areas: the skip link first, then the page as the main region. */
function PublicLayout() {
  return (
    <>
      <SkipLink />
      <main id={CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionWatcher />
          <Suspense fallback={<LoadingState />}>
            <Routes>
              <Route element={<PublicLayout />}>
                <Route path="/" element={<SignInPage />} />
                <Route path="/support" element={<SupportPage />} />
                <Route path={PATHS.changePassword} element={<ChoosePasswordPage />} />
                <Route path={PATHS.forgotPassword} element={<ForgotPasswordPage />} />
                <Route path={PATHS.resetPassword} element={<ResetPasswordPage />} />
                <Route path={PATHS.verifyEmail} element={<VerifyEmailPage />} />
                <Route path={PATHS.guardian.codeSignIn} element={<GuardianCodePage />} />
                <Route path={PATHS.guardian.consent} element={<GuardianConsentPage />} />
                <Route
                  path="*"
                  element={
                    <Box p="md" pt="xl" maw={720} mx="auto">
                      <NotFound home={PATHS.signIn} />
                    </Box>
                  }
                />
              </Route>
              <Route path="/student/*" element={<Area role="student" />} />
              <Route path="/teacher/*" element={<Area role="teacher" />} />
              <Route path="/admin/*" element={<Area role="admin" />} />
              <Route path="/guard/*" element={<Area role="guard" />} />
              <Route path="/guardian/*" element={<Area role="guardian" />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
