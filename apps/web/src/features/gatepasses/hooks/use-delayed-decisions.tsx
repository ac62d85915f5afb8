/** Gate pass decisions with time to undo (components/held-decisions.tsx), sent one or many at once. */
import type { BulkGatePassResult } from '@campus/contract';
import { useHeldDecisions } from '../../../components/held-decisions';
import { useTeacherWords } from '../../../i18n/teacher';
import { gatePassKeys, sendDecision, type DecisionBatch } from '../api';

export interface DelayedDecisionOptions {
  windowMs: number;
  onSent: (batch: DecisionBatch, results: BulkGatePassResult[]) => void;
  onFailed: (batch: DecisionBatch, error: Error) => void;
}

const idsOf = (batch: DecisionBatch) => batch.passes.map((pass) => pass._id);

export function useDelayedDecisions({ windowMs, onSent, onFailed }: DelayedDecisionOptions) {
  const { t } = useTeacherWords();
  /** "Approved the gate pass of Ravi Kumar." or "Rejected 2 gate passes.", in the reader's language. */
  const describe = ({ passes, decision }: DecisionBatch): string =>
    passes.length === 1
      ? t(`gatepass.held.${decision}One`, { name: passes[0]!.name })
      : t(`gatepass.held.${decision}Many`, { count: passes.length });
  return useHeldDecisions({
    windowMs,
    name: 'gatepass',
    idsOf,
    describe,
    send: sendDecision,
    refresh: [gatePassKeys.all],
    onSent,
    onFailed,
  });
}
