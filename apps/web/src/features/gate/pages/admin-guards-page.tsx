/** Admins create guards (the gate desk) and deactivate or reactivate them, like teachers. */
import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { useCreateGuard, useGuardActive, useGuards } from '../api';

export function AdminGuardsPage() {
  const guards = useGuards();
  const create = useCreateGuard();
  const active = useGuardActive();
  const [form, setForm] = useState({ guardId: '', name: '', email: '', phoneNo: '' });
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [field]: e.currentTarget.value });
  return (
    <>
      <PageTitle>Manage Guards</PageTitle>
      <Stack gap="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(form, {
              onSuccess: () => setForm({ guardId: '', name: '', email: '', phoneNo: '' }),
            });
          }}
        >
          <Title order={2} size="h3" mb="xs">
            New guard
          </Title>
          <Group align="end" wrap="wrap">
            <TextInput label="Guard ID (User ID)" required value={form.guardId} onChange={set('guardId')} />
            <TextInput label="Name" required value={form.name} onChange={set('name')} />
            <TextInput label="Email" required type="email" value={form.email} onChange={set('email')} />
            <TextInput label="Phone" value={form.phoneNo} onChange={set('phoneNo')} />
            <Button type="submit" loading={create.isPending}>
              Create guard
            </Button>
          </Group>
        </form>
        {create.error && <Text c="red.9">{create.error.message}</Text>}
        {create.data && (
          <Alert color="teal" title={`${create.data.guard.name} can sign in`}>
            One-time password: <strong>{create.data.oneTimePassword}</strong> (shown once; they choose their
            own at first sign-in).
          </Alert>
        )}
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Guard ID</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(guards.data ?? []).map((g) => (
                <Table.Tr key={g.guardId}>
                  <Table.Td>{g.guardId}</Table.Td>
                  <Table.Td>{g.name}</Table.Td>
                  <Table.Td>{g.email}</Table.Td>
                  <Table.Td>
                    <Badge color={g.status === 'active' ? 'teal.9' : 'gray.7'} variant="filled">
                      {g.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => active.mutate({ guardId: g.guardId, active: g.status !== 'active' })}
                    >
                      {g.status === 'active' ? 'Deactivate' : 'Reactivate'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </>
  );
}
