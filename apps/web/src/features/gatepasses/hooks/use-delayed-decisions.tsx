/** Gate pass decisions with time to undo (components/held-decisions.tsx), sent one or many at once. */
import type { BulkGatePassResult, GatePassDecision } from '@campus/contract';
import { useHeldDecisions } from '../../../components/held-decisions';
import { gatePassKeys, sendDecision, type DecisionBatch } from '../api';

export interface DelayedDecisionOptions {
  windowMs: number;
  onSent: (batch: DecisionBatch, results: BulkGatePassResult[]) => void;
  onFailed: (batch: DecisionBatch, error: Error) => void;
}

const VERB: Record<GatePassDecision, string> = { approved: 'Approved', rejected: 'Rejected' };

function describe({ passes, decision }: DecisionBatch): string {
  const what = passes.length === 1 ? `the gate pass of ${passes[0]!.name}` : `${passes.length} gate passes`;
  return `${VERB[decision]} ${what}.`;
}

const idsOf = (batch: DecisionBatch) => batch.passes.map((pass) => pass._id);

export function useDelayedDecisions({ windowMs, onSent, onFailed }: DelayedDecisionOptions) {
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
