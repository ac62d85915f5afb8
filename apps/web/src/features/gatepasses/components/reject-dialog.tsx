/** Asks a teacher why one or many gate passes are rejected; each student sees the reason. */
import { GATE_PASS_REJECT_REASON_MAX, type GatePass } from '@campus/contract';
import { RejectReasonDialog } from '../../../components/reject-reason-dialog';

export const COMMON_REJECT_REASONS = [
  'Classes or an exam at that time',
  'The reason given is not enough',
  'A parent or guardian must confirm first',
  'Please apply with more notice',
] as const;

function titleOf(passes: GatePass[]): string {
  if (passes.length === 1) return `Reject the gate pass of ${passes[0]!.name}`;
  return `Reject ${passes.length} gate passes`;
}

export function RejectDialog({
  passes,
  onReject,
  onClose,
}: {
  /** The passes being rejected; null when the dialog is closed. */
  passes: GatePass[] | null;
  onReject: (passes: GatePass[], reason: string) => void;
  onClose: () => void;
}) {
  const many = passes !== null && passes.length > 1;
  return (
    <RejectReasonDialog
      opened={passes !== null}
      title={passes ? titleOf(passes) : ''}
      presets={COMMON_REJECT_REASONS}
      description={
        many ? 'Each student sees it with the decision.' : 'The student sees it with the decision.'
      }
      submitLabel={many ? `Reject ${passes.length} gate passes` : 'Reject gate pass'}
      maxLength={GATE_PASS_REJECT_REASON_MAX}
      onReject={(reason) => passes && onReject(passes, reason)}
      onClose={onClose}
    />
  );
}
