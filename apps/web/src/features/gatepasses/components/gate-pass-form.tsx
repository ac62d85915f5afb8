/** Apply for Gate Pass: who applies shown as text (the server takes it from the session); date, time and reason required (SPEC §5). */
import { Button, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useRef, useState, type SyntheticEvent } from 'react';
import type { TFunction } from 'i18next';
import { MESSAGES, type GatePass, type SubmitGatePassRequestSchema } from '@campus/contract';
import { DayInput } from '../../../components/day-input';
import { IdentityFields } from '../../../components/identity-fields';
import { showOutcome } from '../../../components/toast';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { whatToDo } from '../../../lib/failure';
import { useCurrentUser } from '../../../lib/current-user';
import { useLoadSoon } from '../../../lib/load-soon';
import { said } from '../../../i18n/said';
import { useStudentWords } from '../../../i18n/student';
import { useCampusToday } from '../../timetable/campus-now';
import { useStudentContact, useSubmitGatePass } from '../api';
import { GatePassCard } from './gate-pass-card';

type Field = 'date' | 'time' | 'returnBy' | 'reason';
/** Each field's label in the catalogue (decision record 0090). */
const LABELS: Record<Field, string> = {
  date: 'gatepass.form.date',
  time: 'gatepass.form.time',
  returnBy: 'gatepass.form.backBy',
  reason: 'gatepass.form.reason',
};
const EMPTY: Record<Field, string> = { date: '', time: '', returnBy: '', reason: '' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The form's check, the contract's schema (with zod), loads apart from the form: the screen shows
 * the form without it, and it arrives while the student fills the form in (decision record 0056).
 */
let check: Promise<typeof SubmitGatePassRequestSchema> | undefined;
function loadCheck(): Promise<typeof SubmitGatePassRequestSchema> {
  // A failed load is forgotten, so that the next Submit tries again.
  check ??= import('@campus/contract/gatepasses').then(
    (m) => m.SubmitGatePassRequestSchema,
    (error: unknown) => {
      check = undefined;
      throw error;
    },
  );
  return check;
}

/** A failed submission as a toast that stays: the §8 words of the failure, then what to do about it. */
function showSubmitFailure(t: TFunction, error: unknown): void {
  const server = error instanceof ApiError ? serverMessageOr(error, MESSAGES.gatePass.submitFailed) : null;
  const words =
    server === null
      ? t('gatepass.form.networkError')
      : server === MESSAGES.gatePass.submitFailed
        ? t('gatepass.form.submitFailed')
        : said(t, server);
  showOutcome({
    ok: false,
    title: t('gatepass.form.failedTitle'),
    message: `${words}\n${whatToDo(error)}`,
  });
}

/**
 * `onView` leads to the list the new pass joined (the Applied tab). After a submission the form is
 * cleared (SPEC §8), a toast says so with a View link, and the new pass shows below it at once, with
 * its status. A failure is a toast that stays, saying what to do.
 */
export function GatePassForm({ onView }: { onView?: () => void } = {}) {
  const { t } = useStudentWords();
  const user = useCurrentUser();
  const contact = useStudentContact(user.RollNo);
  const submit = useSubmitGatePass();
  // The campus's day, as the server checks a pass's; it turns at the campus's midnight.
  const today = useCampusToday();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [created, setCreated] = useState<GatePass | null>(null);
  // A second Submit while the check is still loading is the same submission.
  const checking = useRef(false);
  useLoadSoon(loadCheck);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking.current) return;
    checking.current = true;
    let schema: typeof SubmitGatePassRequestSchema;
    try {
      schema = await loadCheck();
    } catch (error) {
      showSubmitFailure(t, error);
      return;
    } finally {
      checking.current = false;
    }
    setCreated(null);
    const parsed = schema.safeParse({
      ...values,
      returnBy: values.returnBy || undefined,
    });
    const fieldErrors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as Field;
      const label = t(LABELS[field]);
      fieldErrors[field] ??=
        values[field].trim() === ''
          ? t('gatepass.form.required', { field: label })
          : t('gatepass.form.invalid', { field: label, problem: said(t, issue.message) });
    }
    // ISO dates compare as text. The screen's today decides, as the server's does once the campus has
    // a zone (at the default zone the server's rule is wider).
    if (ISO_DATE.test(values.date) && values.date < today) fieldErrors.date = t('gatepass.form.pastDate');
    if (!parsed.success || fieldErrors.date) {
      setErrors(fieldErrors);
      return;
    }
    const phone = contact.data ?? '';
    submit.mutate(
      {
        name: user.name,
        rollNo: user.RollNo ?? 0,
        email: user.email,
        ...(phone ? { contact: phone } : {}),
        date: parsed.data.date,
        time: parsed.data.time,
        ...(parsed.data.returnBy ? { returnBy: parsed.data.returnBy } : {}),
        reason: parsed.data.reason,
        approvedStatus: 'pending',
      },
      {
        onSuccess: (answer) => {
          showOutcome({
            ok: true,
            message: t('gatepass.form.submitted'),
            ...(onView ? { action: { label: t('gatepass.form.view'), onClick: onView } } : {}),
          });
          setCreated(answer.gatepass);
          setValues(EMPTY);
        },
        onError: (error) => showSubmitFailure(t, error),
      },
    );
  }

  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('gatepass.form.name')}>
        <Stack>
          <IdentityFields
            label={t('gatepass.form.applyingAs')}
            note={t('states.fromAccount', { ns: 'common', label: t('gatepass.form.applyingAs') })}
            missing={t('states.notAvailable', { ns: 'common' })}
            fields={[
              { label: t('gatepass.form.studentName'), value: user.name },
              { label: t('gatepass.form.rollNo'), value: user.RollNo },
              // The email last: on a phone the three short values share a line and the email has the next.
              { label: t('gatepass.form.contact'), value: contact.data },
              { label: t('gatepass.form.email'), value: user.email },
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DayInput
              label={t('gatepass.form.date')}
              required
              min={today}
              value={values.date}
              error={errors.date}
              onChange={set('date')}
            />
            <TextInput
              label={t('gatepass.form.time')}
              type="time"
              required
              value={values.time}
              error={errors.time}
              onChange={(e) => set('time')(e.currentTarget.value)}
            />
            <TextInput
              label={t('gatepass.form.backBy')}
              description={t('gatepass.form.backByHint')}
              type="time"
              value={values.returnBy}
              error={errors.returnBy}
              onChange={(e) => set('returnBy')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Textarea
            label={t('gatepass.form.reason')}
            required
            rows={3}
            value={values.reason}
            error={errors.reason}
            onChange={(e) => set('reason')(e.currentTarget.value)}
          />
          <Button type="submit" disabled={submit.isPending} style={{ alignSelf: 'flex-start' }}>
            {submit.isPending ? t('states.submitting', { ns: 'common' }) : t('gatepass.form.submit')}
          </Button>
        </Stack>
      </form>
      {created && (
        <Stack gap="xs" mt="md" aria-label={t('gatepass.form.newPass')} role="region">
          <GatePassCard pass={created} />
          {onView && (
            <Button variant="default" onClick={onView} style={{ alignSelf: 'flex-start' }}>
              {t('gatepass.form.viewApplied')}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
