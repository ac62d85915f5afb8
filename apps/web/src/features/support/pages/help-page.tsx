/** The Help page of the student and teacher areas: the support form, with the user's name and email filled in. */
import { Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { SupportForm } from '../components/support-form';

export function HelpPage() {
  const user = useCurrentUser();
  return (
    <>
      <PageTitle>Help</PageTitle>
      <Text mb="md">Report a bug or ask a question. The support team answers by email.</Text>
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
