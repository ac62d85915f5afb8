import { Button, Center, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useContactTeachers } from '../api';
import { TeacherContactCard } from '../components/teacher-contact-card';

const PAGE_SIZE = 24;

/**
 * Contact Teachers, titled as its nav item: every teacher as a 'Contact Your Mentor' card with a
 * 'Contact Mentor' button, the student's own mentors first (SPEC §2).
 */
export function ContactTeachersPage() {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const teachers = useContactTeachers(limit);

  function content() {
    if (teachers.isPending) return <LoadingState label="Loading mentors..." />;
    if (teachers.isError) {
      return <LoadFailedState title="Could not load mentors." onRetry={() => void teachers.refetch()} />;
    }
    const { items, hasMore } = teachers.data;
    if (items.length === 0) {
      return (
        <EmptyState
          hint="Teachers show here once the campus office has added them. Ask the office if you need a mentor now."
          action={
            <Button component={Link} to={PATHS.student.help} variant="default">
              Contact support
            </Button>
          }
        >
          No mentors to display.
        </EmptyState>
      );
    }
    return (
      <Stack gap="md">
        <SimpleGrid
          component="section"
          aria-label="Contact Your Mentor"
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
              Show more teachers
            </Button>
          </Center>
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageTitle>Contact Teachers</PageTitle>
      <Text c="dimmed" mt={-8} mb="md">
        Contact Your Mentor: your own mentors come first, then every other teacher.
      </Text>
      {content()}
    </>
  );
}
