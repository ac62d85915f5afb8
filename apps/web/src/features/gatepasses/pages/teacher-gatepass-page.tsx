/** Teacher gate pass: decide pending requests; a decided pass moves to its list at once (SPEC §2, §4). */
import { Alert, Button, Group, Tabs } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES, type GatePass, type GatePassStatus } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { useDecideGatePass, useGatePasses, type GatePassDecisionInput } from '../api';
import { GatePassCard } from '../components/gate-pass-card';
import { GatePassList } from '../components/gate-pass-list';
import { RejectDialog } from '../components/reject-dialog';

const TABS: { status: GatePassStatus; label: string }[] = [
  { status: 'pending', label: 'Gate Pass Requests' },
  { status: 'approved', label: 'Approved Gate Passes' },
  { status: 'rejected', label: 'Rejected Gate Passes' },
];

function decisionFailure(error: Error): string {
  if (error instanceof ApiError && error.serverMessage) {
    return MESSAGES.gatePass.updateErrorPrefix + error.serverMessage;
  }
  return MESSAGES.gatePass.updateFailed;
}

function AllGatePasses({
  status,
  decide,
  reject,
}: {
  status: GatePassStatus;
  decide?: (input: GatePassDecisionInput) => void;
  reject?: (pass: GatePass) => void;
}) {
  const passes = useGatePasses(status);
  return (
    <GatePassList
      passes={passes.data}
      isLoading={passes.isLoading}
      error={passes.error}
      onRetry={() => void passes.refetch()}
      empty={MESSAGES.gatePass.none}
      context={`Could not load ${status} gate passes`}
      renderPass={(pass) => (
        <GatePassCard
          key={pass._id}
          pass={pass}
          showStudent
          actions={
            decide && (
              <Group gap="sm">
                <Button color="teal.9" onClick={() => decide({ pass, decision: 'approved' })}>
                  Approve
                </Button>
                <Button color="red.9" variant="outline" onClick={() => reject?.(pass)}>
                  Reject
                </Button>
              </Group>
            )
          }
        />
      )}
    />
  );
}

export function TeacherGatepassPage() {
  const [failure, setFailure] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<GatePass | null>(null);
  const decideMutation = useDecideGatePass((error) => setFailure(decisionFailure(error)));
  const decide = (input: GatePassDecisionInput) => {
    setFailure(null);
    decideMutation.mutate(input);
  };

  return (
    <>
      <PageTitle>Gate Pass Requests</PageTitle>
      {failure && (
        <Alert
          color="red"
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setFailure(null)}
        >
          {failure}
        </Alert>
      )}
      <Tabs defaultValue="pending">
        <Tabs.List mb="md">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.status} value={tab.status}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.status} value={tab.status}>
            <AllGatePasses
              status={tab.status}
              decide={tab.status === 'pending' ? decide : undefined}
              reject={tab.status === 'pending' ? setRejecting : undefined}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <RejectDialog
        pass={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(pass, rejectReason) => decide({ pass, decision: 'rejected', rejectReason })}
      />
    </>
  );
}
