/** Creates an empty group: its name, checked by the contract's schema. */
import { Button, Group, TextInput } from '@mantine/core';
import { useState, type Ref } from 'react';
import { GroupNameSchema, MESSAGES } from '@campus/contract';
import { serverMessageOr } from '../../../lib/api-client';
import { useCreateGroup } from '../api';

export function CreateGroupForm({
  onCreated,
  nameRef,
}: {
  onCreated: (name: string) => void;
  /** The name field, for a page that leads the user to it. */
  nameRef?: Ref<HTMLInputElement>;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateGroup();

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = GroupNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(`Group name ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        setName('');
        onCreated(res.group.name);
      },
      onError: (reason) => setError(serverMessageOr(reason, 'Could not create the group. Please try again.')),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create a group">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="New group name"
          ref={nameRef}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          autoComplete="off"
          w={{ base: '100%', xs: 280 }}
        />
        <Button type="submit" disabled={create.isPending} mt={{ base: 0, xs: 25 }}>
          {create.isPending ? MESSAGES.submitting : 'Create group'}
        </Button>
      </Group>
    </form>
  );
}
