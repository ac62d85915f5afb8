/**
 * A student's or teacher's details as a form, for creating them (with their User ID) and for
 * editing them (the User ID stays). Checked by the contract's schemas, the ones the server checks with.
 */
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import {
  ATTENDANCE_WARNING_PERCENT,
  CATEGORIES,
  GENDERS,
  MESSAGES,
  StudentCreateRequestSchema,
  StudentUpdateRequestSchema,
  TeacherCreateRequestSchema,
  TeacherUpdateRequestSchema,
  type Student,
  type StudentCreateRequest,
  type StudentUpdateRequest,
  type Teacher,
  type TeacherCreateRequest,
  type TeacherUpdateRequest,
} from '@campus/contract';
import { DayInput, dayProps } from '../../../components/day-input';
import { formatPercent } from '../../../lib/format';

export type PersonKind = 'student' | 'teacher';

export interface PersonFormValues {
  userId: string;
  name: string;
  FatherName: string;
  MotherName: string;
  Gender: string;
  Dob: string;
  Category: string;
  phoneNo: string;
  email: string;
  group: string;
  guardianName: string;
  guardianEmail: string;
}

const LABELS: Record<Exclude<keyof PersonFormValues, 'userId'>, string> = {
  name: 'Name',
  FatherName: "Father's name",
  MotherName: "Mother's name",
  Gender: 'Gender',
  Dob: 'Date of birth',
  Category: 'Category',
  phoneNo: 'Phone',
  email: 'Email',
  group: 'Group',
  guardianName: 'Parent or guardian',
  // Not "email": a field labelled Email is the student's own, and must be the only one so named.
  guardianEmail: "Parent or guardian's e-mail",
};

const text = (value: string | null | undefined) => value ?? '';

export function initialPersonValues(person?: Student | Teacher): PersonFormValues {
  const student = person && 'RollNo' in person ? person : undefined;
  return {
    userId: person ? String('RollNo' in person ? person.RollNo : person.teacherId) : '',
    name: text(person?.name),
    FatherName: text(student?.FatherName),
    MotherName: text(student?.MotherName),
    Gender: text(person?.Gender),
    Dob: text(person?.Dob),
    Category: text(student?.Category),
    phoneNo: text(person?.phoneNo),
    email: text(person?.email),
    group: text(student?.group),
    guardianName: text(student?.guardianName),
    guardianEmail: text(student?.guardianEmail),
  };
}

/** The body the form stands for, in the shape its schema checks (what an API client would send). */
function bodyOf(kind: PersonKind, creating: boolean, v: PersonFormValues): Record<string, unknown> {
  const common = { name: v.name, Gender: v.Gender, Dob: v.Dob, phoneNo: v.phoneNo, email: v.email };
  const fields =
    kind === 'student'
      ? {
          ...common,
          FatherName: v.FatherName,
          MotherName: v.MotherName,
          Category: v.Category,
          group: v.group,
          guardianName: v.guardianName,
          guardianEmail: v.guardianEmail,
        }
      : common;
  if (!creating) return fields;
  return kind === 'student' ? { RollNo: v.userId, ...fields } : { teacherId: v.userId, ...fields };
}

const SCHEMAS = {
  student: { create: StudentCreateRequestSchema, edit: StudentUpdateRequestSchema },
  teacher: { create: TeacherCreateRequestSchema, edit: TeacherUpdateRequestSchema },
} as const;

const schemaOf = (kind: PersonKind, creating: boolean) => SCHEMAS[kind][creating ? 'create' : 'edit'];

/** A refused save: the User ID somebody already has is said on the User ID field. */
export interface PersonFormError {
  message: string;
  field?: keyof PersonFormValues;
}

/** What the server is sent: checked, trimmed, empty fields as null; which one the kind and mode say. */
export type PersonFormResult =
  StudentCreateRequest | StudentUpdateRequest | TeacherCreateRequest | TeacherUpdateRequest;

export function PersonForm({
  kind,
  person,
  groups,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  kind: PersonKind;
  /** The person edited; none when creating one. */
  person?: Student | Teacher;
  /** The groups a student may be put in. */
  groups: string[];
  pending: boolean;
  /** Why the last save failed, in words; on its field when the server's refusal was about one. */
  error: PersonFormError | null;
  onSubmit: (body: PersonFormResult) => void;
  onCancel: () => void;
}) {
  const creating = person === undefined;
  const labelOf = (field: keyof PersonFormValues) =>
    field === 'userId' ? (kind === 'student' ? 'Roll No (User ID)' : 'Teacher ID (User ID)') : LABELS[field];
  const resolve = schemaResolver(schemaOf(kind, creating), { sync: true });
  const form = useForm<PersonFormValues>({
    initialValues: initialPersonValues(person),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(resolve(bodyOf(kind, creating, values))).map(([field, message]) => {
          const key = field === 'RollNo' || field === 'teacherId' ? 'userId' : field;
          // The resolver gives each issue's message ("must be an email address"), which is text.
          return [key, `${labelOf(key as keyof PersonFormValues)} ${message as string}`];
        }),
      ),
  });
  const { setFieldError } = form;
  useEffect(() => {
    if (error?.field) setFieldError(error.field, error.message);
  }, [error, setFieldError]);
  const input = (field: keyof PersonFormValues) => ({ label: labelOf(field), ...form.getInputProps(field) });
  const choices = (values: readonly string[], empty: string) => [
    { value: '', label: empty },
    ...values.map((value) => ({ value, label: value })),
  ];

  const submit = form.onSubmit((values) =>
    onSubmit(schemaOf(kind, creating).parse(bodyOf(kind, creating, values))),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={creating ? `Add ${kind}` : `Edit ${kind}`}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          {creating && (
            <TextInput
              {...input('userId')}
              description="Numbers only; they sign in with it"
              inputMode="numeric"
              autoComplete="off"
              required
              data-autofocus
            />
          )}
          <TextInput
            {...input('name')}
            autoComplete="off"
            required
            {...(creating ? {} : { 'data-autofocus': true })}
          />
          {kind === 'student' && <TextInput {...input('FatherName')} autoComplete="off" />}
          {kind === 'student' && <TextInput {...input('MotherName')} autoComplete="off" />}
          <NativeSelect {...input('Gender')} data={choices(GENDERS, 'Not given')} />
          <DayInput {...dayProps(input('Dob'))} />
          {kind === 'student' && (
            <NativeSelect {...input('Category')} data={choices(CATEGORIES, 'Not given')} />
          )}
          <TextInput {...input('phoneNo')} type="tel" autoComplete="off" />
          <TextInput {...input('email')} type="email" autoComplete="off" required />
          {kind === 'student' && (
            <NativeSelect {...input('group')} data={choices(groups, 'Choose a group')} required />
          )}
          {kind === 'student' && <TextInput {...input('guardianName')} autoComplete="off" />}
          {kind === 'student' && (
            <TextInput
              {...input('guardianEmail')}
              type="email"
              autoComplete="off"
              description={`Emailed what the campus settings say (attendance below ${formatPercent(ATTENDANCE_WARNING_PERCENT)}, gate passes)`}
            />
          )}
        </SimpleGrid>
        {error && !error.field && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? MESSAGES.submitting : creating ? `Add ${kind}` : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
