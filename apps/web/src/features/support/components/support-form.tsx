/** The support form (SPEC §5) shared by /support and the Help pages of the student and teacher areas. */
import { Button, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  MESSAGES,
  SUPPORT_LIMITS,
  SUPPORT_QUERY_TYPES,
  SUPPORT_ROLES,
  SupportRequestSchema,
  type SupportQueryType,
  type SupportRole,
} from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { whatToDo } from '../../../lib/failure';
import { useSubmitSupport } from '../api';

export interface SupportFormValues {
  name: string;
  email: string;
  role: SupportRole;
  queryType: SupportQueryType;
  message: string;
}

export function SupportForm({
  prefill,
}: {
  prefill?: Partial<Pick<SupportFormValues, 'name' | 'email' | 'role'>>;
}) {
  const submit = useSubmitSupport();
  const form = useForm<SupportFormValues>({
    initialValues: { name: '', email: '', role: 'Student', queryType: 'Bug Report', message: '', ...prefill },
    validate: schemaResolver(SupportRequestSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) => {
    submit.mutate(SupportRequestSchema.parse(values), {
      // The sender keeps the reference number to quote, so this toast stays until it is dismissed.
      onSuccess: ({ message, support }) => {
        showOutcome({
          ok: true,
          persist: true,
          title: `Message sent — reference ${support.reference}`,
          message: `${message}\nReplies will go to ${support.email}. Quote ${support.reference} if you write again.`,
        });
        form.reset();
      },
      onError: (error) => {
        const detail = error instanceof ApiError ? error.serverMessage : undefined;
        showOutcome({
          ok: false,
          title: 'Could not send your message',
          message: [MESSAGES.support.failed, detail, whatToDo(error)].filter(Boolean).join('\n'),
        });
      },
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
        <Button type="submit" disabled={submit.isPending} style={{ alignSelf: 'flex-start' }}>
          {submit.isPending ? MESSAGES.submitting : 'Submit'}
        </Button>
      </Stack>
    </form>
  );
}
