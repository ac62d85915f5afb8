/**
 * Admins create guards (the gate desk) and deactivate or reactivate them, like teachers; and, as for
 * every person, download a guard's data or erase it once they have left.
 */
import { Badge, Button, Group, Menu, Stack, TextInput, Title } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { GuardCreateRequestSchema, type Guard } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { OneTimePasswordDialog, type IssuedPassword } from '../../../components/one-time-password-dialog';
import { PageTitle } from '../../../components/page-title';
import { showOutcome } from '../../../components/toast';
import { fieldErrors } from '../../../components/field-errors';
import { ApiError } from '../../../lib/api-client';
import { failureDetail } from '../../../lib/failure';
import { usePersonDataActions } from '../../privacy/person-data-actions';
import { useCreateGuard, useGuardActive, useGuards } from '../api';

type Field = 'guardId' | 'name' | 'email' | 'phoneNo';
const LABELS: Record<Field, string> = { guardId: 'Guard ID', name: 'Name', email: 'Email', phoneNo: 'Phone' };
const EMPTY: Record<Field, string> = { guardId: '', name: '', email: '', phoneNo: '' };

const who = (guard: Pick<Guard, 'name' | 'guardId'>) => `${guard.name} (${guard.guardId})`;

export function AdminGuardsPage() {
  const guards = useGuards();
  const create = useCreateGuard();
  const active = useGuardActive();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const data = usePersonDataActions();

  const turn = (guard: Guard) => {
    const on = guard.status !== 'active';
    active.mutate(
      { guardId: guard.guardId, active: on },
      {
        onSuccess: () =>
          showOutcome({
            ok: true,
            message: on
              ? `${who(guard)} was reactivated and can sign in again.`
              : `${who(guard)} was deactivated and signed out.`,
          }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: `Could not ${on ? 'reactivate' : 'deactivate'} ${who(guard)}`,
            message: failureDetail(error),
          }),
      },
    );
  };

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
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => turn(g)}>
            {g.status === 'active' ? 'Deactivate' : 'Reactivate'}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default" aria-label={`Data of ${who(g)}`}>
                Data
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {data.menuItems(
                {
                  accountId: g._id,
                  name: g.name,
                  userId: g.guardId,
                  active: g.status === 'active',
                },
                { alone: true },
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [field]: e.currentTarget.value });
    setErrors({ ...errors, [field]: undefined });
  };

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = GuardCreateRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, LABELS));
      return;
    }
    create.mutate(form, {
      onSuccess: ({ guard, oneTimePassword }) => {
        setForm(EMPTY);
        showOutcome({ ok: true, message: `${who(guard)} was added as a guard.` });
        setIssued({ who: who(guard), password: oneTimePassword });
      },
      // A Guard ID somebody already has is said on that field, where it is fixed.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setErrors({ guardId: error.serverMessage ?? 'This Guard ID is already used' });
          return;
        }
        showOutcome({
          ok: false,
          title: `Could not add the guard ${form.name}`,
          message: failureDetail(error),
        });
      },
    });
  }

  const input = (field: Field) => ({ value: form[field], onChange: set(field), error: errors[field] });
  return (
    <>
      <PageTitle>Manage Guards</PageTitle>
      <Stack gap="lg">
        <form onSubmit={onSubmit} noValidate aria-labelledby="new-guard-title">
          <Title order={2} size="h3" mb="xs" id="new-guard-title">
            New guard
          </Title>
          <Group align="start" wrap="wrap">
            <TextInput label="Guard ID (User ID)" required inputMode="numeric" {...input('guardId')} />
            <TextInput label="Name" required {...input('name')} />
            <TextInput label="Email" required type="email" {...input('email')} />
            <TextInput label="Phone" type="tel" {...input('phoneNo')} />
            {/* Level with the fields, whose labels sit above them. */}
            <Button type="submit" loading={create.isPending} mt={{ base: 0, xs: 25 }}>
              Create guard
            </Button>
          </Group>
        </form>
        <DataTable
          caption="Guards"
          columns={columns}
          rows={guards.data ?? []}
          rowKey={(g) => g.guardId}
          minWidth={560}
        />
      </Stack>
      <OneTimePasswordDialog issued={issued} onClose={() => setIssued(null)} />
      {data.dialog}
    </>
  );
}
