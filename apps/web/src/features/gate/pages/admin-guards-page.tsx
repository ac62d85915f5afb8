/** Admins create guards (the gate desk) and deactivate or reactivate them, like teachers. */
import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { Guard } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { PageTitle } from '../../../components/page-title';
import { useCreateGuard, useGuardActive, useGuards } from '../api';

export function AdminGuardsPage() {
  const guards = useGuards();
  const create = useCreateGuard();
  const active = useGuardActive();
  const [form, setForm] = useState({ guardId: '', name: '', email: '', phoneNo: '' });
  const columns: Column<Guard>[] = [
    { header: 'Guard ID', cell: (g) => g.guardId },
    { header: 'Name', rowHeader: true, cell: (g) => g.name },
    { header: 'Email', breakAnywhere: true, cell: (g) => g.email },
    {
      header: 'Status',
      cell: (g) => (
        <Badge color={g.status === 'active' ? 'teal.9' : 'gray.7'} variant="filled">
          {g.status}
        </Badge>
      ),
    },
    {
      header: 'Action',
      actions: true,
      cell: (g) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => active.mutate({ guardId: g.guardId, active: g.status !== 'active' })}
        >
          {g.status === 'active' ? 'Deactivate' : 'Reactivate'}
        </Button>
      ),
    },
  ];
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
        {create.error && <Text c="var(--campus-text-danger)">{create.error.message}</Text>}
        {create.data && (
          <Alert color="teal" title={`${create.data.guard.name} can sign in`}>
            One-time password: <strong>{create.data.oneTimePassword}</strong> (shown once; they choose their
            own at first sign-in).
          </Alert>
        )}
        <DataTable
          caption="Guards"
          columns={columns}
          rows={guards.data ?? []}
          rowKey={(g) => g.guardId}
          minWidth={560}
        />
      </Stack>
    </>
  );
}
