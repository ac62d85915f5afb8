/** Asks a teacher why one or many gate passes are rejected; each student sees the reason. */
import { GATE_PASS_REJECT_REASON_MAX, type GatePass } from '@campus/contract';
import { RejectReasonDialog } from '../../../components/reject-reason-dialog';
import { useTeacherWords, type TeacherWords } from '../../../i18n/teacher';
import enTeacher from '../../../i18n/locales/en/teacher.json';

/** The common reasons, one tap each, as the catalogue's keys (`gatepass.reject.reasons.*`). */
const REASON_KEYS = Object.keys(enTeacher.gatepass.reject.reasons);
/** The common reasons in English. */
export const COMMON_REJECT_REASONS = Object.values(enTeacher.gatepass.reject.reasons);

function titleOf(t: TeacherWords, passes: GatePass[]): string {
  if (passes.length === 1) return t('gatepass.reject.titleOne', { name: passes[0]!.name });
  return t('gatepass.reject.titleMany', { count: passes.length });
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
  const { t } = useTeacherWords();
  const many = passes !== null && passes.length > 1;
  return (
    <RejectReasonDialog
      opened={passes !== null}
      title={passes ? titleOf(t, passes) : ''}
      presets={REASON_KEYS.map((key) => t(`gatepass.reject.reasons.${key}`))}
      description={t(many ? 'gatepass.reject.descriptionMany' : 'gatepass.reject.descriptionOne')}
      submitLabel={
        many ? t('gatepass.reject.submitMany', { count: passes.length }) : t('gatepass.reject.submitOne')
      }
      maxLength={GATE_PASS_REJECT_REASON_MAX}
      onReject={(reason) => passes && onReject(passes, reason)}
      onClose={onClose}
    />
  );
}
