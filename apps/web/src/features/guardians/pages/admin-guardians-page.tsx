/**
 * The office's guardians (decision records 0091 and 0093): a paged, searched list; a new guardian
 * gets a one-time password shown once; each is linked to their children by roll number, unlinked,
 * or given a new one-time password. Admin screens stay in English.
 */
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Guardian } from '@campus/contract';
import type { Column } from '../../../components/data-table';
import { OneTimePasswordDialog, type IssuedPassword } from '../../../components/one-time-password-dialog';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PagedTable } from '../../../components/paged-table';
import { PageTitle } from '../../../components/page-title';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { pageFrom, pageParam, useUrlSearch, useUrlState } from '../../../lib/url-state';
import { useGuardianList, useResetGuardianPassword, useUnlinkGuardian } from '../admin-api';
import { LinkStudentDialog } from '../components/link-student-dialog';
import { NewGuardianForm } from '../components/new-guardian-form';

const SEARCH_DEBOUNCE_MS = 300;
const who = (g: Pick<Guardian, 'name' | 'guardianId'>) => `${g.name} (${g.guardianId})`;

function Children({ guardian }: { guardian: Guardian }) {
  const unlink = useUnlinkGuardian();
  if (guardian.children.length === 0) return <Text c="dimmed">None linked yet</Text>;
  return (
    <Stack gap={4}>
      {guardian.children.map((c) => (
        <Group key={c.rollNo} gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
            {c.name} ({c.rollNo}), {c.relation}
          </Text>
          <Button
            size="xs"
            variant="default"
            style={{ flexShrink: 0 }}
            aria-label={`Unlink ${c.name} from ${guardian.name}`}
            loading={unlink.isPending && unlink.variables?.rollNo === c.rollNo}
            onClick={() =>
              unlink.mutate(
                { guardianId: guardian.guardianId, rollNo: c.rollNo },
                {
                  onSuccess: () =>
                    showOutcome({ ok: true, message: `${c.name} was unlinked from ${who(guardian)}.` }),
                  onError: (error) =>
                    showOutcome({
                      ok: false,
                      title: `Could not unlink ${c.name}`,
                      message: failureDetail(error),
                    }),
                },
              )
            }
          >
            Unlink
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

export function AdminGuardiansPage() {
  // The search and page live in the address: a reload keeps them and a link shares them.
  const url = useUrlState();
  const { text: search, setText: setSearch, search: debounced } = useUrlSearch(url, SEARCH_DEBOUNCE_MS);
  const page = pageFrom(url.params.get('page'));
  const guardians = useGuardianList({ search: debounced, page });
  const reset = useResetGuardianPassword();
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const [linking, setLinking] = useState<Guardian | null>(null);

  const resetPassword = (g: Guardian) =>
    reset.mutate(g.guardianId, {
      onSuccess: ({ oneTimePassword }) => setIssued({ who: who(g), password: oneTimePassword }),
      onError: (error) =>
        showOutcome({
          ok: false,
          title: `Could not reset the password of ${who(g)}`,
          message: failureDetail(error),
        }),
    });

  const columns: Column<Guardian>[] = [
    { header: 'User ID', cell: (g) => g.guardianId },
    { header: 'Name', rowHeader: true, cell: (g) => g.name },
    { header: 'Email', breakAnywhere: true, cell: (g) => g.email },
    { header: 'Phone', cell: (g) => g.phoneNo ?? '—' },
    { header: 'Children', minWidth: 220, cell: (g) => <Children guardian={g} /> },
    {
      header: 'Status',
      nowrap: true,
      minWidth: 90,
      cell: (g) => (
        <Badge color={g.active ? 'teal.9' : 'gray.7'} variant="filled">
          {g.active ? 'active' : 'inactive'}
        </Badge>
      ),
    },
    {
      header: 'Action',
      actions: true,
      cell: (g) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            aria-label={`Link ${g.name} to a student`}
            onClick={() => setLinking(g)}
          >
            Link student
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={`Reset the password of ${g.name}`}
            onClick={() => resetPassword(g)}
          >
            Reset password
          </Button>
        </Group>
      ),
    },
  ];

  function table() {
    if (guardians.isPending) return <LoadingState label="Loading guardians..." />;
    if (guardians.isError)
      return <LoadFailedState title="Could not load guardians." onRetry={() => void guardians.refetch()} />;
    if (guardians.data.items.length === 0)
      return (
        <EmptyState
          hint={
            debounced
              ? 'No guardian matches this search.'
              : 'Guardians appear here once they are added above or imported from a CSV file.'
          }
        >
          No guardians
        </EmptyState>
      );
    return (
      <PagedTable
        caption="Guardians"
        columns={columns}
        rowKey={(g) => String(g.guardianId)}
        minWidth={900}
        data={guardians.data}
        page={page}
        onPage={(next) => url.change({ page: pageParam(next) })}
        pagerLabel="Guardian list"
      />
    );
  }

  return (
    <>
      <PageTitle>Guardians</PageTitle>
      <Text c="dimmed" mt={-8} mb="md">
        Guardians sign in to see their own children only. Create a guardian, then link them to each child.
      </Text>
      <Stack gap="lg">
        <NewGuardianForm onIssued={setIssued} />
        <TextInput
          type="search"
          label="Search guardians"
          placeholder="Name or email"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        {table()}
      </Stack>
      <LinkStudentDialog guardian={linking} onClose={() => setLinking(null)} />
      <OneTimePasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
