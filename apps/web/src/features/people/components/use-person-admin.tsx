/**
 * What an admin's list of students or teachers needs to manage them: an "Add" button, a "Manage"
 * menu per row (edit details, reset the password, deactivate or reactivate), the dialogs these
 * open, and a toast saying what each change did.
 */
import { Button, Menu, Modal } from '@mantine/core';
import { useState } from 'react';
import {
  describeChanges,
  type FieldChange,
  type Student,
  type StudentCreateRequest,
  type StudentUpdateRequest,
  type Teacher,
  type TeacherCreateRequest,
} from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import {
  useCreateStudent,
  useCreateTeacher,
  useGroups,
  useResetStudentPassword,
  useResetTeacherPassword,
  useSetStudentActive,
  useSetTeacherActive,
  useUpdateStudent,
  useUpdateTeacher,
} from '../api';
import { OneTimePasswordDialog, type IssuedPassword } from '../../../components/one-time-password-dialog';
import { ConfirmDialog, type Confirmation } from './account-dialogs';
import { PersonForm, type PersonFormError, type PersonFormResult, type PersonKind } from './person-form';
import { usePersonDataActions } from '../../privacy/person-data-actions';

type Person = Student | Teacher;

/** The calls one kind of person is managed with. */
interface Operations {
  create: (body: PersonFormResult) => Promise<{ person: Person; oneTimePassword: string }>;
  update: (id: number, body: PersonFormResult) => Promise<FieldChange[]>;
  setActive: (id: number, active: boolean) => Promise<unknown>;
  reset: (id: number) => Promise<string>;
  pending: boolean;
}

const idOf = (person: Person) => ('RollNo' in person ? person.RollNo : person.teacherId);
const who = (person: Person) => `${person.name} (${idOf(person)})`;

function usePersonAdmin(kind: PersonKind, ops: Operations) {
  const [form, setForm] = useState<{ person?: Person } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<PersonFormError | null>(null);
  const groups = useGroups();
  const data = usePersonDataActions();

  const begin = () => setError(null);
  const done = (message: string) => showOutcome({ ok: true, message });
  const failed = (reason: unknown) => setError(serverMessageOr(reason, 'Could not save. Please try again.'));

  async function save(body: PersonFormResult) {
    setFormError(null);
    const editing = form?.person;
    try {
      if (editing) {
        const changes = await ops.update(idOf(editing), body);
        done(
          changes.length === 0
            ? `Nothing changed for ${who(editing)}.`
            : `${who(editing)} saved: ${describeChanges(changes)}.`,
        );
      } else {
        const created = await ops.create(body);
        done(`${who(created.person)} was added.`);
        setIssued({ who: who(created.person), password: created.oneTimePassword });
      }
      setForm(null);
    } catch (reason) {
      const message = serverMessageOr(reason, 'Could not save. Please try again.');
      // A 409 on adding someone is a User ID already in use: said on that field, where it is fixed.
      const idTaken = !editing && reason instanceof ApiError && reason.status === 409;
      setFormError(idTaken ? { message, field: 'userId' } : { message });
    }
  }

  const confirm = (person: Person, action: 'reset' | 'deactivate' | 'reactivate') => {
    begin();
    const name = who(person);
    const run = (work: () => Promise<void>) => () => {
      setError(null);
      work().then(() => setConfirmation(null), failed);
    };
    const dialogs: Record<typeof action, Confirmation> = {
      reset: {
        title: `Reset the password of ${name}?`,
        text: 'Their open sessions end now. They sign in with a one-time password, shown next, and then choose their own.',
        action: 'Reset password',
        danger: false,
        run: run(async () => {
          const password = await ops.reset(idOf(person));
          setIssued({ who: name, password });
          done(`The password of ${name} was reset.`);
        }),
      },
      deactivate: {
        title: `Deactivate ${name}?`,
        text: 'They are signed out at once and cannot sign in until the account is reactivated. Their records stay.',
        action: 'Deactivate',
        danger: true,
        run: run(async () => {
          await ops.setActive(idOf(person), false);
          done(`${name} was deactivated.`);
        }),
      },
      reactivate: {
        title: `Reactivate ${name}?`,
        text: 'They can sign in again with their password.',
        action: 'Reactivate',
        danger: false,
        run: run(async () => {
          await ops.setActive(idOf(person), true);
          done(`${name} was reactivated.`);
        }),
      },
    };
    setConfirmation(dialogs[action]);
  };

  const openAdd = () => {
    setFormError(null);
    setForm({});
  };

  const addButton = <Button onClick={openAdd}>Add {kind}</Button>;

  const manageMenu = (person: Person) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="compact-sm" aria-label={`Manage ${who(person)}`}>
          Manage
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          onClick={() => {
            setFormError(null);
            setForm({ person });
          }}
        >
          Edit details
        </Menu.Item>
        <Menu.Item onClick={() => confirm(person, 'reset')}>Reset password</Menu.Item>
        {person.active ? (
          <Menu.Item color="red.8" onClick={() => confirm(person, 'deactivate')}>
            Deactivate
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => confirm(person, 'reactivate')}>Reactivate</Menu.Item>
        )}
        {data.menuItems({
          accountId: person._id,
          name: person.name,
          userId: idOf(person),
          active: person.active,
        })}
      </Menu.Dropdown>
    </Menu>
  );

  const dialogs = (
    <>
      <Modal
        opened={form !== null}
        onClose={() => setForm(null)}
        title={form?.person ? `Edit ${kind}: ${who(form.person)}` : `Add ${kind}`}
        closeButtonProps={{ 'aria-label': 'Close' }}
        size="lg"
      >
        {form && (
          <PersonForm
            kind={kind}
            person={form.person}
            groups={groups.data ?? []}
            pending={ops.pending}
            error={formError}
            onSubmit={(body) => void save(body)}
            onCancel={() => setForm(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        confirmation={confirmation}
        pending={ops.pending}
        error={error}
        onClose={() => setConfirmation(null)}
      />
      <OneTimePasswordDialog issued={issued} onClose={() => setIssued(null)} />
      {data.dialog}
    </>
  );

  /** `dialogs` is rendered once, wherever the list is. */
  return { addButton, openAdd, manageMenu, dialogs };
}

export function useStudentAdmin() {
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const setActive = useSetStudentActive();
  const reset = useResetStudentPassword();
  return usePersonAdmin('student', {
    create: async (body) => {
      // The student form in its create mode: the create schema made this body.
      const res = await create.mutateAsync(body as StudentCreateRequest);
      return { person: res.student, oneTimePassword: res.oneTimePassword };
    },
    update: async (rollNo, body) =>
      (await update.mutateAsync({ rollNo, body: body as StudentUpdateRequest })).changes,
    setActive: (rollNo, active) => setActive.mutateAsync({ rollNo, active }),
    reset: async (rollNo) => (await reset.mutateAsync(rollNo)).oneTimePassword,
    pending: create.isPending || update.isPending || setActive.isPending || reset.isPending,
  });
}

export function useTeacherAdmin() {
  const create = useCreateTeacher();
  const update = useUpdateTeacher();
  const setActive = useSetTeacherActive();
  const reset = useResetTeacherPassword();
  return usePersonAdmin('teacher', {
    create: async (body) => {
      const res = await create.mutateAsync(body as TeacherCreateRequest);
      return { person: res.teacher, oneTimePassword: res.oneTimePassword };
    },
    update: async (teacherId, body) => (await update.mutateAsync({ teacherId, body })).changes,
    setActive: (teacherId, active) => setActive.mutateAsync({ teacherId, active }),
    reset: async (teacherId) => (await reset.mutateAsync(teacherId)).oneTimePassword,
    pending: create.isPending || update.isPending || setActive.isPending || reset.isPending,
  });
}
