/**
 * Who a form is sent as, shown as text: the server takes these from the session, so they are not
 * inputs a person could think to change.
 */
import { SimpleGrid, Text } from '@mantine/core';

export interface IdentityField {
  label: string;
  value: string | number | null | undefined;
}

export function IdentityFields({
  fields,
  label = 'Sent as',
  note = `${label} (from your account)`,
  missing = 'Not Available',
}: {
  fields: IdentityField[];
  label?: string;
  /** The line above the fields, and the word for a missing value: a translated screen passes its own. */
  note?: string;
  missing?: string;
}) {
  return (
    <section aria-label={label}>
      <Text size="sm" c="dimmed" mb={4}>
        {note}
      </Text>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} m={0}>
        {fields.map(({ label: name, value }) => (
          <div key={name} style={{ minWidth: 0 }}>
            <Text component="dt" size="xs" c="dimmed">
              {name}
            </Text>
            <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {value === null || value === undefined || value === '' ? missing : value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}
