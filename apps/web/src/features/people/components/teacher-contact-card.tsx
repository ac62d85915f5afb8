import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ContactTeacher } from '@campus/contract';

/** A teacher's contact card; the student's own mentor is marked and comes first in the list. */
export function TeacherContactCard({ teacher }: { teacher: ContactTeacher }) {
  return (
    <Card component="article" withBorder radius="md" padding="md">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4">
            {teacher.name}
          </Title>
          {teacher.isMentor && (
            <Badge variant="filled" style={{ flexShrink: 0 }}>
              Your mentor
            </Badge>
          )}
        </Group>
        {teacher.groups.length > 0 && <Text size="sm">Mentor of {teacher.groups.join(', ')}</Text>}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Email: {teacher.email}
        </Text>
        {teacher.phoneNo && <Text size="sm">Phone: {teacher.phoneNo}</Text>}
        <Button
          component="a"
          href={`mailto:${teacher.email}`}
          aria-label={`Contact Mentor ${teacher.name}`}
          mt="auto"
          style={{ alignSelf: 'flex-start' }}
        >
          Contact Mentor
        </Button>
      </Stack>
    </Card>
  );
}
