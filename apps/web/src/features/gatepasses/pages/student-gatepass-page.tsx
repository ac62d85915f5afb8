/** Student gate pass: apply, then follow each pass through Applied, Approved and Rejected (SPEC §2). */
import { Tabs } from '@mantine/core';
import { MESSAGES, type GatePassStatus } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { useStudentGatePasses } from '../api';
import { GatePassCard } from '../components/gate-pass-card';
import { GatePassForm } from '../components/gate-pass-form';
import { GatePassList } from '../components/gate-pass-list';

const LISTS: { status: GatePassStatus; label: string; empty: string }[] = [
  { status: 'pending', label: 'Applied Gate Pass', empty: MESSAGES.gatePass.noApplied },
  { status: 'approved', label: 'Approved Gate Pass', empty: MESSAGES.gatePass.noApproved },
  { status: 'rejected', label: 'Rejected Gate Pass', empty: MESSAGES.gatePass.noRejected },
];

function OwnGatePasses({ status, empty }: { status: GatePassStatus; empty: string }) {
  const { RollNo } = useCurrentUser();
  const passes = useStudentGatePasses(status, RollNo);
  return (
    <GatePassList
      passes={passes.data}
      isLoading={passes.isLoading}
      error={passes.error}
      onRetry={() => void passes.refetch()}
      empty={empty}
      context={`Could not load ${status} gate passes`}
      renderPass={(pass) => <GatePassCard key={pass._id} pass={pass} />}
    />
  );
}

export function StudentGatepassPage() {
  return (
    <>
      <PageTitle>Gate Pass</PageTitle>
      <Tabs defaultValue="apply">
        <Tabs.List mb="md">
          <Tabs.Tab value="apply">Apply for Gate Pass</Tabs.Tab>
          {LISTS.map((list) => (
            <Tabs.Tab key={list.status} value={list.status}>
              {list.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="apply">
          <GatePassForm />
        </Tabs.Panel>
        {LISTS.map((list) => (
          <Tabs.Panel key={list.status} value={list.status}>
            <OwnGatePasses status={list.status} empty={list.empty} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
