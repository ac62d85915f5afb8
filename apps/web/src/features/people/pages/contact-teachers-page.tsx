import { Button, Center, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useStudentWords } from '../../../i18n/student';
import { useContactTeachers } from '../api';
import { TeacherContactCard } from '../components/teacher-contact-card';

const PAGE_SIZE = 24;

/**
 * Contact Teachers, titled as its nav item: every teacher as a 'Contact Your Mentor' card with a
 * 'Contact Mentor' button, the student's own mentors first (SPEC §2).
 */
export function ContactTeachersPage() {
  const { t } = useStudentWords();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const teachers = useContactTeachers(limit);

  function content() {
    if (teachers.isPending) return <LoadingState label={t('teachers.loading')} />;
    if (teachers.isError) {
      return <LoadFailedState title={t('teachers.failed')} onRetry={() => void teachers.refetch()} />;
    }
    const { items, hasMore } = teachers.data;
    if (items.length === 0) {
      return (
        <EmptyState
          hint={t('teachers.emptyHint')}
          action={
            <Button component={Link} to={PATHS.student.help} variant="default">
              {t('teachers.support')}
            </Button>
          }
        >
          {t('teachers.empty')}
        </EmptyState>
      );
    }
    return (
      <Stack gap="md">
        <SimpleGrid
          component="section"
          aria-label={t('teachers.section')}
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
        >
          {items.map((teacher) => (
            <TeacherContactCard key={teacher._id} teacher={teacher} />
          ))}
        </SimpleGrid>
        {hasMore && (
          <Center>
            <Button
              variant="default"
              loading={teachers.isFetching}
              onClick={() => setLimit((current) => current + PAGE_SIZE)}
            >
              {t('teachers.more')}
            </Button>
          </Center>
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageTitle>{t('teachers.title')}</PageTitle>
      <Text c="dimmed" mt={-8} mb="md">
        {t('teachers.intro')}
      </Text>
      {content()}
    </>
  );
}
