import { Card, List, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { Syllabus } from '@campus/contract';
import { useStudentWords } from '../../../i18n/student';

/** A course: name, semester and its topics. The heading level follows the page's outline. */
export function SyllabusCard({ syllabus, headingOrder }: { syllabus: Syllabus; headingOrder: TitleOrder }) {
  const { t } = useStudentWords();
  return (
    // Long course names and topics break inside the card, which would otherwise cut them off at its edge.
    <Card component="article" withBorder radius="md" padding="md" style={{ overflowWrap: 'anywhere' }}>
      <Stack gap="xs">
        <Title order={headingOrder} size="h4">
          {syllabus.courseName}
        </Title>
        <Text size="sm">{t('shared.syllabus.semester', { semester: syllabus.semester })}</Text>
        <Text size="sm" fw={600}>
          {t('shared.syllabus.topics')}
        </Text>
        <List size="sm" spacing={2}>
          {/* Empty topics are stored as typed (SPEC §5); a blank bullet would only look broken. */}
          {syllabus.topics.map((topic, index) =>
            topic === '' ? null : <List.Item key={`${index}-${topic}`}>{topic}</List.Item>,
          )}
        </List>
      </Stack>
    </Card>
  );
}
