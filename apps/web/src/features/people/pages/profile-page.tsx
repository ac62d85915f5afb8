/** The profile screens: every field of SPEC §3, 'Not Available' for a missing value, and account actions. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Student, Teacher } from '@campus/contract';
import { LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDay } from '../../../lib/format';
import { useAccountWords } from '../../../i18n/account';
import { useDetails } from '../api';
import type { Contact } from '../components/profile-actions';

// The forms and their code follow the details: on a phone the details show without waiting for them.
const ProfileActions = lazy(() => import('../components/profile-actions'));

/**
 * True once the details have been painted: the forms' code (and zod's, which they check with) is
 * fetched and run only then, so that on a slow phone evaluating it never holds back the details.
 */
function usePaintedAfter(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    // The frame that paints the details, then the task after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

type Field = [label: string, value: string | number | null | undefined];

/** A stored day as the campus reads it; a missing one stays missing ('Not Available'). */
const dayOrAsIs = (day: string | null | undefined) => (day ? formatDay(day) : day);

/** "Student" for the API's "student": a role as a heading of the person's record reads it. */
const capitalised = (word: string | null | undefined) =>
  word ? `${word.charAt(0).toUpperCase()}${word.slice(1)}` : word;

function Fields({ fields, failed }: { fields: Field[]; failed: boolean }) {
  const t = useAccountWords();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {fields.map(([label, value]) => (
        <div key={label}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {/* A long email address breaks rather than widening a phone screen. */}
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {failed
              ? t('profile.na')
              : value === null || value === undefined || value === ''
                ? t('profile.notAvailable')
                : String(value)}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

export function ProfileView({
  title,
  fields,
  loading,
  failed,
  contact,
  admin = false,
}: {
  title: string;
  fields: Field[];
  loading: boolean;
  failed: boolean;
  /** The person's own contact details, once loaded: they may change them. */
  contact?: Contact | undefined;
  /** The admin also sets what guardians are emailed. */
  admin?: boolean;
}) {
  const actions = usePaintedAfter(!loading);
  const t = useAccountWords();
  return (
    <Stack>
      <PageTitle>{title}</PageTitle>
      {loading ? (
        <LoadingState label={t('profile.loading')} />
      ) : (
        <Paper withBorder p="md" radius="md">
          {failed && (
            <Text c="var(--campus-text-danger)" role="alert" mb="sm">
              {t('profile.fetchDetailsFailed')}
            </Text>
          )}
          <Fields fields={fields} failed={failed} />
        </Paper>
      )}
      {actions && (
        <Suspense fallback={null}>
          <ProfileActions contact={contact} admin={admin} />
        </Suspense>
      )}
    </Stack>
  );
}

export function StudentProfilePage() {
  const user = useCurrentUser();
  const details = useDetails<Student>(user.RollNo ? `/api/student-details/${user.RollNo}` : null);
  const s = details.data;
  const t = useAccountWords();
  return (
    <ProfileView
      title={t('profile.studentTitle')}
      loading={details.isPending}
      failed={details.isError}
      fields={[
        [t('profile.fields.name'), s?.name],
        [t('profile.fields.rollNo'), s?.RollNo],
        [t('profile.fields.fatherName'), s?.FatherName],
        [t('profile.fields.motherName'), s?.MotherName],
        [t('profile.fields.gender'), s?.Gender],
        [t('profile.fields.dob'), dayOrAsIs(s?.Dob)],
        [t('profile.fields.category'), s?.Category],
        [t('profile.fields.phone'), s?.phoneNo],
        [t('profile.fields.email'), s?.email],
        [t('profile.fields.group'), s?.group],
        [t('profile.fields.designation'), capitalised(s?.designation)],
        // Who the campus may email about the student; the campus office or an admin changes it.
        [t('profile.fields.guardianName'), s ? (s.guardianName ?? null) : undefined],
        [t('profile.fields.guardianEmail'), s ? (s.guardianEmail ?? null) : undefined],
      ]}
      contact={s && { email: s.email, phoneNo: s.phoneNo, withPhone: true }}
    />
  );
}

export function TeacherProfilePage() {
  const user = useCurrentUser();
  const details = useDetails<Teacher>(user.teacherId ? `/api/teacher-details/${user.teacherId}` : null);
  const d = details.data;
  const t = useAccountWords();
  return (
    <ProfileView
      title={t('profile.teacherTitle')}
      loading={details.isPending}
      failed={details.isError}
      fields={[
        [t('profile.fields.name'), d?.name],
        [t('profile.fields.teacherId'), d?.teacherId],
        [t('profile.fields.gender'), d?.Gender],
        [t('profile.fields.dob'), dayOrAsIs(d?.Dob)],
        [t('profile.fields.phone'), d?.phoneNo],
        [t('profile.fields.email'), d?.email],
        [t('profile.fields.mentorOf'), d ? d.groups.join(', ') : undefined],
        [t('profile.fields.designation'), capitalised(d?.designation)],
      ]}
      contact={d && { email: d.email, phoneNo: d.phoneNo, withPhone: true }}
    />
  );
}

export function AdminProfilePage() {
  const user = useCurrentUser();
  const t = useAccountWords();
  return (
    <ProfileView
      title={t('profile.adminTitle')}
      loading={false}
      failed={false}
      fields={[
        [t('profile.fields.name'), user.name],
        [t('profile.fields.adminId'), user.adminId],
        [t('profile.fields.email'), user.email],
      ]}
      contact={{ email: user.email, phoneNo: null, withPhone: false }}
      admin
    />
  );
}
