/** The screen for an address the app has no page for: says so, and offers the way home. */
import { Button, Code, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PATHS } from '@campus/contract';
import { useCommonWords } from '../i18n/words';
import { PageTitle } from './page-title';

/** `homeLabel` names the way home; without it, the sign-in page or the person's home page by name. */
export function NotFound({ home, homeLabel }: { home: string; homeLabel?: string }) {
  const { pathname } = useLocation();
  const { t } = useCommonWords();
  return (
    <Stack align="flex-start" gap="md">
      <PageTitle>{t('shared.notFound')}</PageTitle>
      <Text style={{ overflowWrap: 'anywhere' }}>
        {t('shared.noPageAt')} <Code>{pathname}</Code>
        {t('shared.noPageWhy')}
      </Text>
      <Button component={Link} to={home} replace>
        {homeLabel ?? t(home === PATHS.signIn ? 'shared.toSignIn' : 'shared.toHome')}
      </Button>
    </Stack>
  );
}
