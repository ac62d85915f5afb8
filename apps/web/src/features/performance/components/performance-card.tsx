/** One student's marks card: 10th and 12th percentage, Sem-1 to Sem-4 SGPA and CGPA. */
import { Paper, Table, Text, Title } from '@mantine/core';
import type { Performance } from '@campus/contract';
import { marksOf } from '../format';

export function PerformanceCard({
  record,
  name,
  rollNo,
}: {
  record: Performance | null;
  name: string;
  rollNo: number;
}) {
  return (
    <Paper component="section" aria-labelledby="marks-card-title" withBorder p="md" radius="md" maw={520}>
      <Title order={2} size="h3" id="marks-card-title">
        Marks
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {record?.Name ?? name} · Roll No {record?.RollNo ?? rollNo}
      </Text>
      <Table>
        <Table.Tbody>
          {marksOf(record).map(({ label, value }) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              <Table.Td ta="right">{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
