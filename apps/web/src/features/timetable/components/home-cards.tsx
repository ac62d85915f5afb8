/** The timetable's cards at the top of the home screens, side by side when there is room. */
import { Box, SimpleGrid } from '@mantine/core';
import { MyClassesCard } from './my-classes-card';
import { StandingsCard } from './standings-card';
import { TodayCard } from './today-card';

export function StudentHomeCards() {
  return (
    // Each card as tall as its own content: a short day beside a long list of courses.
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="lg" style={{ alignItems: 'start' }}>
      <TodayCard />
      <StandingsCard />
    </SimpleGrid>
  );
}

export function TeacherHomeCards() {
  return (
    <Box mb="lg" maw={720}>
      <MyClassesCard />
    </Box>
  );
}
