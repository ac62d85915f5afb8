/** The Help page of the student and teacher areas: the support form, with the user's name and email filled in. */
import { Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { useAccountWords } from '../../../i18n/account';
import { SupportForm } from '../components/support-form';

export function HelpPage() {
  const user = useCurrentUser();
  const t = useAccountWords();
  return (
    <>
      <PageTitle>{t('support.helpTitle')}</PageTitle>
      <Text mb="md">{t('support.about')}</Text>
      <SupportForm
        prefill={{
          name: user.name,
          email: user.email,
          role: user.role === 'teacher' ? 'Teacher' : 'Student',
        }}
      />
    </>
  );
}
