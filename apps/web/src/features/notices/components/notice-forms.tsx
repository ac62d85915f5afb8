/** The three create forms of /teacher/notice/create, validated with the contract's schemas (§5). */
import { Box, Button, Stack, Textarea, TextInput, type CSSProperties } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode, SyntheticEvent } from 'react';
import { EventNoticeDataSchema, GeneralNoticeDataSchema, MentorNoticeDataSchema } from '@campus/contract';
import { useFieldProblem, useTeacherWords } from '../../../i18n/teacher';
import { useCurrentUser } from '../../../lib/current-user';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import { validateWith } from '../form-validation';
import { TargetingFields, useTargeting } from './targeting-fields';
import { useNoticeSubmit } from './use-notice-submit';
import { IdentityFields } from '../../../components/identity-fields';
import { DayInput, dayProps } from '../../../components/day-input';

interface EventValues {
  eventName: string;
  hostBy: string;
  contactEmail: string;
  date: string;
  time: string;
  description: string;
}
interface GeneralValues {
  heading: string;
  contactEmail: string;
  description: string;
}

function FormFooter({ pending, label }: { pending: boolean; label: string }) {
  const { t } = useTeacherWords();
  return (
    <>
      <Button type="submit" disabled={pending} style={{ alignSelf: 'flex-start' }}>
        {pending ? t('submitting') : label}
      </Button>
    </>
  );
}

/** Mantine's default error red (red.6) is below AA contrast on white; field errors use red.9. */
const ERROR_CONTRAST: CSSProperties = { '--mantine-color-error': 'var(--campus-text-danger)' };

function FormFrame({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (event?: SyntheticEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Box component="form" aria-label={label} noValidate onSubmit={onSubmit} style={ERROR_CONTRAST}>
      <Stack gap="sm" maw={640}>
        {children}
      </Stack>
    </Box>
  );
}

/** Moves focus to the first field the schema rejected, so keyboard and screen-reader users land on it. */
function focusFirstError(errors: Record<string, unknown>, getNode: (path: string) => HTMLElement | null) {
  const first = Object.keys(errors)[0];
  if (first) getNode(first)?.focus();
}

interface MentorValues {
  heading: string;
  description: string;
}

/** The author is the signed-in teacher: name and email are shown read-only and the server uses its own. */
export function MentorNoticeForm() {
  const { t } = useTeacherWords();
  const problemOf = useFieldProblem();
  const user = useCurrentUser();
  const { submit, pending } = useNoticeSubmit();
  // A mentor notice is for the mentor's own groups unless they choose otherwise.
  const targeting = useTargeting(useMentoredGroups(user.teacherId).data);
  const form = useForm<MentorValues>({
    name: 'mentor-notice',
    initialValues: { heading: '', description: '' },
    validate: validateWith<MentorValues>(
      MentorNoticeDataSchema,
      { heading: t('notices.fields.heading'), description: t('notices.fields.description') },
      problemOf,
    ),
  });
  const onSubmit = form.onSubmit(
    (values) => {
      const target = targeting.check();
      if (!target) return;
      submit(
        { type: 'mentorNotice', data: { teacherName: user.name, email: user.email, ...values, ...target } },
        () => {
          form.reset();
          targeting.reset();
        },
      );
    },
    (errors) => focusFirstError(errors, (path) => form.getInputNode(path)),
  );

  return (
    <FormFrame label={t('notices.createMentor')} onSubmit={onSubmit}>
      <IdentityFields
        label={t('notices.fields.from')}
        note={t('states.fromAccount', { ns: 'common', label: t('notices.fields.from') })}
        missing={t('states.notAvailable', { ns: 'common' })}
        fields={[
          { label: t('notices.fields.teacherName'), value: user.name },
          { label: t('notices.fields.email'), value: user.email },
        ]}
      />
      <TextInput label={t('notices.fields.heading')} required {...form.getInputProps('heading')} />
      <Textarea
        label={t('notices.fields.description')}
        required
        rows={4}
        resize="vertical"
        {...form.getInputProps('description')}
      />
      <TargetingFields targeting={targeting} />
      <FormFooter pending={pending} label={t('notices.createMentor')} />
    </FormFrame>
  );
}

export function EventNoticeForm() {
  const { t } = useTeacherWords();
  const problemOf = useFieldProblem();
  const { submit, pending } = useNoticeSubmit();
  const targeting = useTargeting();
  const form = useForm<EventValues>({
    name: 'event-notice',
    initialValues: { eventName: '', hostBy: '', contactEmail: '', date: '', time: '', description: '' },
    validate: validateWith<EventValues>(
      EventNoticeDataSchema,
      {
        eventName: t('notices.fields.eventName'),
        hostBy: t('notices.fields.hostBy'),
        contactEmail: t('notices.fields.contactEmail'),
        date: t('notices.fields.date'),
        time: t('notices.fields.time'),
        description: t('notices.fields.description'),
      },
      problemOf,
    ),
  });
  const onSubmit = form.onSubmit(
    (values) => {
      const target = targeting.check();
      if (!target) return;
      submit({ type: 'eventNotice', data: { ...values, ...target } }, () => {
        form.reset();
        targeting.reset();
      });
    },
    (errors) => focusFirstError(errors, (path) => form.getInputNode(path)),
  );

  return (
    <FormFrame label={t('notices.createEvent')} onSubmit={onSubmit}>
      <TextInput label={t('notices.fields.eventName')} required {...form.getInputProps('eventName')} />
      <TextInput label={t('notices.fields.hostBy')} required {...form.getInputProps('hostBy')} />
      <TextInput
        label={t('notices.fields.contactEmail')}
        type="email"
        required
        {...form.getInputProps('contactEmail')}
      />
      <DayInput label={t('notices.fields.date')} required {...dayProps(form.getInputProps('date'))} />
      <TextInput label={t('notices.fields.time')} type="time" required {...form.getInputProps('time')} />
      <Textarea
        label={t('notices.fields.description')}
        required
        rows={4}
        resize="vertical"
        {...form.getInputProps('description')}
      />
      <TargetingFields targeting={targeting} />
      <FormFooter pending={pending} label={t('notices.createEvent')} />
    </FormFrame>
  );
}

export function GeneralNoticeForm() {
  const { t } = useTeacherWords();
  const problemOf = useFieldProblem();
  const { submit, pending } = useNoticeSubmit();
  const targeting = useTargeting();
  const form = useForm<GeneralValues>({
    name: 'general-notice',
    initialValues: { heading: '', contactEmail: '', description: '' },
    validate: validateWith<GeneralValues>(
      GeneralNoticeDataSchema,
      {
        heading: t('notices.fields.heading'),
        contactEmail: t('notices.fields.contactEmail'),
        description: t('notices.fields.description'),
      },
      problemOf,
    ),
  });
  const onSubmit = form.onSubmit(
    (values) => {
      const target = targeting.check();
      if (!target) return;
      submit({ type: 'generalNotice', data: { ...values, ...target } }, () => {
        form.reset();
        targeting.reset();
      });
    },
    (errors) => focusFirstError(errors, (path) => form.getInputNode(path)),
  );

  return (
    <FormFrame label={t('notices.createGeneral')} onSubmit={onSubmit}>
      <TextInput label={t('notices.fields.heading')} required {...form.getInputProps('heading')} />
      <TextInput
        label={t('notices.fields.contactEmail')}
        type="email"
        required
        {...form.getInputProps('contactEmail')}
      />
      <Textarea
        label={t('notices.fields.description')}
        required
        rows={4}
        resize="vertical"
        {...form.getInputProps('description')}
      />
      <TargetingFields targeting={targeting} />
      <FormFooter pending={pending} label={t('notices.createNoticeButton')} />
    </FormFrame>
  );
}
