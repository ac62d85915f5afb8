/** The support form (SPEC §5) shared by /support and the Help pages of the student and teacher areas. */
import { Alert, Button, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  MESSAGES,
  SUPPORT_LIMITS,
  SUPPORT_QUERY_TYPES,
  SUPPORT_ROLES,
  SupportRequestSchema,
  type SupportQueryType,
  type SupportRole,
} from '@campus/contract';
import { ApiError } from '../../../lib/api-client';
import { useSubmitSupport } from '../api';

export interface SupportFormValues {
  name: string;
  email: string;
  role: SupportRole;
  queryType: SupportQueryType;
  message: string;
}

type Outcome = { sent: true } | { sent: false; detail: string | undefined };

export function SupportForm({
  prefill,
}: {
  prefill?: Partial<Pick<SupportFormValues, 'name' | 'email' | 'role'>>;
}) {
  const submit = useSubmitSupport();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<SupportFormValues>({
    initialValues: { name: '', email: '', role: 'Student', queryType: 'Bug Report', message: '', ...prefill },
    validate: schemaResolver(SupportRequestSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) => {
    setOutcome(null);
    submit.mutate(SupportRequestSchema.parse(values), {
      onSuccess: () => {
        setOutcome({ sent: true });
        form.reset();
      },
      onError: (error) =>
        setOutcome({ sent: false, detail: error instanceof ApiError ? error.serverMessage : undefined }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Support form">
      <Stack maw={640}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            required
            autoComplete="name"
            maxLength={SUPPORT_LIMITS.name}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            maxLength={SUPPORT_LIMITS.email}
            {...form.getInputProps('email')}
          />
          <NativeSelect label="Role" data={SUPPORT_ROLES} {...form.getInputProps('role')} />
          <NativeSelect label="Query type" data={SUPPORT_QUERY_TYPES} {...form.getInputProps('queryType')} />
        </SimpleGrid>
        <Textarea
          label="Message"
          required
          rows={6}
          resize="vertical"
          maxLength={SUPPORT_LIMITS.message}
          {...form.getInputProps('message')}
        />
        {outcome?.sent === true && (
          <Alert color="green" role="status">
            {MESSAGES.support.sent}
          </Alert>
        )}
        {outcome?.sent === false && (
          <Alert color="red" role="alert">
            <Text size="sm">{MESSAGES.support.failed}</Text>
            {outcome.detail && <Text size="sm">{outcome.detail}</Text>}
          </Alert>
        )}
        <Button type="submit" disabled={submit.isPending} style={{ alignSelf: 'flex-start' }}>
          {submit.isPending ? MESSAGES.submitting : 'Submit'}
        </Button>
      </Stack>
    </form>
  );
}
