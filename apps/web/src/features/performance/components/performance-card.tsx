/** One student's marks card: 10th and 12th percentage, Sem-1 to Sem-4 SGPA and CGPA. */
import { Paper, Table, Text, Title } from '@mantine/core';
import { MESSAGES, type Performance } from '@campus/contract';
import { useStudentWords } from '../../../i18n/student';
import { marksOf } from '../format';

type Words = ReturnType<typeof useStudentWords>['t'];

/** A mark's name in the reader's language: "10th %age", "Sem-1 SGPA" and "CGPA" in English. */
function markName(t: Words, label: string): string {
  if (label === '10th %age') return t('performance.labels.tenth');
  if (label === '12th %age') return t('performance.labels.twelfth');
  if (label === 'CGPA') return t('performance.labels.cgpa');
  const semester = /^Sem-(\d+) SGPA$/.exec(label);
  return semester ? t('performance.labels.sem', { n: semester[1] }) : label;
}

export function PerformanceCard({
  record,
  name,
  rollNo,
}: {
  record: Performance | null;
  name: string;
  rollNo: number;
}) {
  const { t } = useStudentWords();
  return (
    <Paper component="section" aria-labelledby="marks-card-title" withBorder p="md" radius="md" maw={520}>
      <Title order={2} size="h3" id="marks-card-title">
        {t('performance.marks')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('performance.who', { name: record?.Name ?? name, rollNo: record?.RollNo ?? rollNo })}
      </Text>
      <Table>
        <Table.Tbody>
          {marksOf(record).map(({ label, value }) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {markName(t, label)}
              </Table.Th>
              <Table.Td ta="right">
                {value === MESSAGES.profile.notAvailable ? t('states.notAvailable', { ns: 'common' }) : value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
