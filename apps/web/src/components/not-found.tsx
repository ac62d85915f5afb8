/** The screen for an address the app has no page for: says so, and offers the way home. */
import { Button, Code, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageTitle } from './page-title';

export function NotFound({ home, homeLabel }: { home: string; homeLabel: string }) {
  const { pathname } = useLocation();
  return (
    <Stack align="flex-start" gap="md">
      <PageTitle>Page not found</PageTitle>
      <Text style={{ overflowWrap: 'anywhere' }}>
        There is no page at <Code>{pathname}</Code>. The link may be out of date, or the address mistyped.
      </Text>
      <Button component={Link} to={home} replace>
        {homeLabel}
      </Button>
    </Stack>
  );
}
