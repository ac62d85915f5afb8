/** /support: the support form for anyone, signed in or not, outside the role areas. */
import { Anchor, Container, Group, Image, Stack, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { PATHS } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { useAccountWords } from '../../../i18n/account';
import { SupportForm } from '../components/support-form';

export function SupportPage() {
  const t = useAccountWords();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <Image src="/logo.svg" alt="" w={40} h={40} />
            <Text fw={700}>{t('support.portal')}</Text>
          </Group>
          <Anchor component={Link} to={PATHS.signIn}>
            {t('support.backToSignIn')}
          </Anchor>
        </Group>
        <div>
          <PageTitle>{t('support.title')}</PageTitle>
          <Text>{t('support.about')}</Text>
        </div>
        <SupportForm />
      </Stack>
      {/* Outside the role areas, this page hosts the toast that gives the sender a reference number. */}
      <Notifications position="bottom-center" containerWidth={480} />
    </Container>
  );
}
