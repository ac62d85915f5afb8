/** The three create forms of /teacher/notice/create, validated with the contract's schemas (§5). */
import { Box, Button, Stack, Textarea, TextInput, type CSSProperties } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode, SyntheticEvent } from 'react';
import {
  EventNoticeDataSchema,
  GeneralNoticeDataSchema,
  MentorNoticeDataSchema,
  MESSAGES,
} from '@campus/contract';
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
  return (
    <>
      <Button type="submit" disabled={pending} style={{ alignSelf: 'flex-start' }}>
        {pending ? MESSAGES.submitting : label}
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
  const user = useCurrentUser();
  const { submit, pending } = useNoticeSubmit();
  // A mentor notice is for the mentor's own groups unless they choose otherwise.
  const targeting = useTargeting(useMentoredGroups(user.teacherId).data);
  const form = useForm<MentorValues>({
    name: 'mentor-notice',
    initialValues: { heading: '', description: '' },
    validate: validateWith<MentorValues>(MentorNoticeDataSchema, {
      heading: 'Heading',
      description: 'Description',
    }),
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
    <FormFrame label="Create mentor notice" onSubmit={onSubmit}>
      <IdentityFields
        label="From"
        fields={[
          { label: 'Teacher name', value: user.name },
          { label: 'Email', value: user.email },
        ]}
      />
      <TextInput label="Heading" required {...form.getInputProps('heading')} />
      <Textarea
        label="Description"
        required
        rows={4}
        resize="vertical"
        {...form.getInputProps('description')}
      />
      <TargetingFields targeting={targeting} />
      <FormFooter pending={pending} label="Create mentor notice" />
    </FormFrame>
  );
}

export function EventNoticeForm() {
  const { submit, pending } = useNoticeSubmit();
  const targeting = useTargeting();
  const form = useForm<EventValues>({
    name: 'event-notice',
    initialValues: { eventName: '', hostBy: '', contactEmail: '', date: '', time: '', description: '' },
    validate: validateWith<EventValues>(EventNoticeDataSchema, {
      eventName: 'Event name',
      hostBy: 'Hosted by',
      contactEmail: 'Contact email',
      date: 'Date',
      time: 'Time',
      description: 'Description',
    }),
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
    <FormFrame label="Create event" onSubmit={onSubmit}>
      <TextInput label="Event name" required {...form.getInputProps('eventName')} />
      <TextInput label="Hosted by" required {...form.getInputProps('hostBy')} />
      <TextInput label="Contact email" type="email" required {...form.getInputProps('contactEmail')} />
      <DayInput label="Date" required {...dayProps(form.getInputProps('date'))} />
      <TextInput label="Time" type="time" required {...form.getInputProps('time')} />
      <Textarea
        label="Description"
        required
        rows={4}
        resize="vertical"
        {...form.getInputProps('description')}
      />
      <TargetingFields targeting={targeting} />
      <FormFooter pending={pending} label="Create event" />
    </FormFrame>
  );
}

export function GeneralNoticeForm() {
  const { submit, pending } = useNoticeSubmit();
  const targeting = useTargeting();
  const form = useForm<GeneralValues>({
    name: 'general-notice',
    initialValues: { heading: '', contactEmail: '', description: '' },
    validate: validateWith<GeneralValues>(GeneralNoticeDataSchema, {
      heading: 'Heading',
      contactEmail: 'Contact email',
      description: 'Description',
    }),
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
    <FormFrame label="Create general notice" onSubmit={onSubmit}>
      <TextInput label="Heading" required {...form.getInputProps('heading')} />
      <TextInput label="Contact email" type="email" required {...form.getInputProps('contactEmail')} />
      <Textarea
        label="Description"
        required
        rows={4}
        resize="vertical"
        {...form.getInputProps('description')}
      />
      <TargetingFields targeting={targeting} />
      <FormFooter pending={pending} label="Create notice" />
    </FormFrame>
  );
}
