import { Card, List, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { Syllabus } from '@campus/contract';

/** A course: name, semester and its topics. The heading level follows the page's outline. */
export function SyllabusCard({ syllabus, headingOrder }: { syllabus: Syllabus; headingOrder: TitleOrder }) {
  return (
    <Card component="article" withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Title order={headingOrder} size="h4">
          {syllabus.courseName}
        </Title>
        <Text size="sm">Semester: {syllabus.semester}</Text>
        <Text size="sm" fw={600}>
          Topics
        </Text>
        <List size="sm" spacing={2}>
          {syllabus.topics.map((topic, index) => (
            <List.Item key={`${index}-${topic}`}>{topic}</List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
