/**
 * Who a form is sent as, shown as text: the server takes these from the session, so they are not
 * inputs a person could think to change.
 */
import { SimpleGrid, Text } from '@mantine/core';
import { Fragment } from 'react';

export interface IdentityField {
  label: string;
  value: string | number | null | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * An email address that wraps after its @ ("kavya.chopra@" / "campus.example.edu") or before a dot of
 * the name, rather than mid-word; the domain stays whole. Anything else as it is.
 */
export function Breakable({ text }: { text: string }) {
  if (!EMAIL.test(text)) return text;
  const at = text.indexOf('@') + 1;
  const parts = [...text.slice(0, at).replaceAll('.', '\n.').split('\n'), text.slice(at)];
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
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
    // On a phone the values stand in a line or two, their names left to screen readers (phone.css).
    <section aria-label={label} className="identity-fields">
      <Text size="sm" c="dimmed" mb={4}>
        {note}
      </Text>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} m={0}>
        {fields.map(({ label: name, value }) => (
          <div key={name} style={{ minWidth: 0 }}>
            <Text component="dt" size="xs" c="dimmed" className="visually-hidden-on-phone">
              {name}
            </Text>
            <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {value === null || value === undefined || value === '' ? (
                missing
              ) : (
                <Breakable text={String(value)} />
              )}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}
