/** The screen for an address the app has no page for: says so, and offers the way home. */
import { Button, Code, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useCommonWords } from '../i18n/words';
import { PageTitle } from './page-title';

export function NotFound({ home, homeLabel }: { home: string; homeLabel: string }) {
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
        {homeLabel}
      </Button>
    </Stack>
  );
}
