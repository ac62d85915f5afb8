/** Student gate pass: apply, then follow each pass through Applied, Approved and Rejected (SPEC §2). */
import { Button, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { GatePass, GatePassStatus } from '@campus/contract';
import { useWithdrawGatePass } from '../../gate/api';
import { PassQrButton } from '../../gate/components/pass-qr';
import { OpenedItem, useOpenedItem } from '../../../components/opened-item';
import { PageTitle } from '../../../components/page-title';
import { useStudentWords } from '../../../i18n/student';
import { useCurrentUser } from '../../../lib/current-user';
import { useGatePass, useStudentGatePasses } from '../api';
import { GatePassCard } from '../components/gate-pass-card';
import { GatePassForm } from '../components/gate-pass-form';
import { GatePassList } from '../components/gate-pass-list';

/** Each list's label, empty message (SPEC §8) and hint are `gatepass.lists|empty|hints.<status>`. */
interface PassList {
  status: GatePassStatus;
}

const LISTS: PassList[] = [{ status: 'pending' }, { status: 'approved' }, { status: 'rejected' }];

function OwnGatePasses({ list, onApply }: { list: PassList; onApply: () => void }) {
  const { status } = list;
  const { t } = useStudentWords();
  const { RollNo } = useCurrentUser();
  const passes = useStudentGatePasses(status, RollNo);
  return (
    <GatePassList
      passes={passes.data}
      isLoading={passes.isLoading}
      error={passes.error}
      onRetry={() => void passes.refetch()}
      empty={t(`gatepass.empty.${status}`)}
      emptyHint={t(`gatepass.hints.${status}`)}
      emptyAction={
        <Button variant="default" onClick={onApply}>
          {t('gatepass.apply')}
        </Button>
      }
      context={`Could not load ${status} gate passes`}
      renderPass={(pass) => <GatePassCard key={pass._id} pass={pass} actions={<PassActions pass={pass} />} />}
    />
  );
}

/** What the student can do with a pass: show an approved one at the gate, withdraw a pending one. */
function PassActions({ pass }: { pass: GatePass }) {
  const { t } = useStudentWords();
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
          {t('gatepass.withdraw')}
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
  const { t } = useStudentWords();
  const opened = useOpenedItem('gatepass');
  const pass = useGatePass(opened.id);
  if (opened.id === null) return null;
  return (
    <OpenedItem
      title={t('gatepass.openedTitle')}
      gone={t('gatepass.openedGone')}
      read={pass}
      onClose={opened.close}
    >
      {pass.data && <GatePassCard pass={pass.data} actions={<PassActions pass={pass.data} />} />}
    </OpenedItem>
  );
}

export function StudentGatepassPage() {
  const { t } = useStudentWords();
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
      <PageTitle>{t('gatepass.title')}</PageTitle>
      <OpenedPass />
      {/* The form stays mounted, keeping a draft while a list is open; a list mounts when shown. */}
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="apply">{t('gatepass.applyTab')}</Tabs.Tab>
          {LISTS.map((list) => (
            <Tabs.Tab key={list.status} value={list.status}>
              {t(`gatepass.lists.${list.status}`)}
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
