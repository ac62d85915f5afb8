/** Student gate pass: apply, then follow each pass through Applied, Approved and Rejected (SPEC §2). */
import { Button, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { MESSAGES, type GatePass, type GatePassStatus } from '@campus/contract';
import { useWithdrawGatePass } from '../../gate/api';
import { PassQrButton } from '../../gate/components/pass-qr';
import { OpenedItem, useOpenedItem } from '../../../components/opened-item';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { useGatePass, useStudentGatePasses } from '../api';
import { GatePassCard } from '../components/gate-pass-card';
import { GatePassForm } from '../components/gate-pass-form';
import { GatePassList } from '../components/gate-pass-list';

interface PassList {
  status: GatePassStatus;
  label: string;
  empty: string;
  hint: string;
}

const LISTS: PassList[] = [
  {
    status: 'pending',
    label: 'Applied Gate Pass',
    empty: MESSAGES.gatePass.noApplied,
    hint: 'A pass you apply for waits here until your mentor decides.',
  },
  {
    status: 'approved',
    label: 'Approved Gate Pass',
    empty: MESSAGES.gatePass.noApproved,
    hint: 'Passes your mentor approves show here at once, with who approved them.',
  },
  {
    status: 'rejected',
    label: 'Rejected Gate Pass',
    empty: MESSAGES.gatePass.noRejected,
    hint: 'A rejected pass shows here with the reason your mentor gave.',
  },
];

function OwnGatePasses({ list, onApply }: { list: PassList; onApply: () => void }) {
  const { status } = list;
  const { RollNo } = useCurrentUser();
  const passes = useStudentGatePasses(status, RollNo);
  return (
    <GatePassList
      passes={passes.data}
      isLoading={passes.isLoading}
      error={passes.error}
      onRetry={() => void passes.refetch()}
      empty={list.empty}
      emptyHint={list.hint}
      emptyAction={
        <Button variant="default" onClick={onApply}>
          Apply for a gate pass
        </Button>
      }
      context={`Could not load ${status} gate passes`}
      renderPass={(pass) => <GatePassCard key={pass._id} pass={pass} actions={<PassActions pass={pass} />} />}
    />
  );
}

/** What the student can do with a pass: show an approved one at the gate, withdraw a pending one. */
function PassActions({ pass }: { pass: GatePass }) {
  const withdraw = useWithdrawGatePass();
  if (pass.approvedStatus === 'pending') {
    return (
      <>
        <Button
          variant="default"
          color="red"
          loading={withdraw.isPending}
          onClick={() => withdraw.mutate(pass._id)}
        >
          Withdraw
        </Button>
        {withdraw.error && <Text c="var(--campus-text-danger)">{withdraw.error.message}</Text>}
      </>
    );
  }
  if (pass.gateState === 'ready' || pass.gateState === 'out' || pass.gateState === 'overdue') {
    return <PassQrButton pass={pass} />;
  }
  return null;
}

const TAB_VALUES = ['apply', ...LISTS.map((list) => list.status)];

/** The pass a notification opened (`?pass=…`), above the tabs. */
function OpenedPass() {
  const opened = useOpenedItem('gatepass');
  const pass = useGatePass(opened.id);
  if (opened.id === null) return null;
  return (
    <OpenedItem
      title="The gate pass you were told of"
      gone="This gate pass is no longer there: it may have been withdrawn."
      read={pass}
      onClose={opened.close}
    >
      {pass.data && <GatePassCard pass={pass.data} actions={<PassActions pass={pass.data} />} />}
    </OpenedItem>
  );
}

export function StudentGatepassPage() {
  // The tab lives in the address (`?tab=approved`): a reload keeps it and a link shares it.
  const [params, setParams] = useSearchParams();
  const named = params.get('tab') ?? 'apply';
  const tab = TAB_VALUES.includes(named) ? named : 'apply';
  const setTab = (value: string | null) =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        if (!value || value === 'apply') after.delete('tab');
        else after.set('tab', value);
        return after;
      },
      { replace: true },
    );
  return (
    <>
      <PageTitle>Gate Pass</PageTitle>
      <OpenedPass />
      {/* The form stays mounted, keeping a draft while a list is open; a list mounts when shown. */}
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="apply">Apply for Gate Pass</Tabs.Tab>
          {LISTS.map((list) => (
            <Tabs.Tab key={list.status} value={list.status}>
              {list.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="apply">
          <GatePassForm onView={() => setTab('pending')} />
        </Tabs.Panel>
        {LISTS.map((list) => (
          <Tabs.Panel key={list.status} value={list.status}>
            {tab === list.status && <OwnGatePasses list={list} onApply={() => setTab('apply')} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
