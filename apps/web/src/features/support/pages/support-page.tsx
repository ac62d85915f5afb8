/** /support: the support form for anyone, signed in or not, outside the role areas. */
import { Anchor, Container, Group, Image, Stack, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { PATHS } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { SupportForm } from '../components/support-form';

export function SupportPage() {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <Image src="/logo.svg" alt="" w={40} h={40} />
            <Text fw={700}>Campus Portal</Text>
          </Group>
          <Anchor component={Link} to={PATHS.signIn}>
            Back to sign in
          </Anchor>
        </Group>
        <div>
          <PageTitle>Contact support</PageTitle>
          <Text>Report a bug or ask a question. The support team answers by email.</Text>
        </div>
        <SupportForm />
      </Stack>
      {/* Outside the role areas, this page hosts the toast that gives the sender a reference number. */}
      <Notifications position="bottom-center" containerWidth={480} />
    </Container>
  );
}
