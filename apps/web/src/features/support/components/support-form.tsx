/** The support form (SPEC §5) shared by /support and the Help pages of the student and teacher areas. */
import { Button, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
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
import { saidOfAccount, useAccountWords } from '../../../i18n/account';
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
  const t = useAccountWords();
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
          title: t('support.sent', { reference: support.reference }),
          message: `${saidOfAccount(t, message)}\n${t('support.sentDetail', { email: support.email, reference: support.reference })}`,
        });
        form.reset();
      },
      onError: (error) => {
        const detail = error instanceof ApiError ? error.serverMessage : undefined;
        showOutcome({
          ok: false,
          title: t('support.notSent'),
          message: [t('support.failed'), detail, whatToDo(error)].filter(Boolean).join('\n'),
        });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('support.form')}>
      <Stack maw={640}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('support.name')}
            required
            autoComplete="name"
            maxLength={SUPPORT_LIMITS.name}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('support.email')}
            type="email"
            required
            autoComplete="email"
            maxLength={SUPPORT_LIMITS.email}
            {...form.getInputProps('email')}
          />
          {/* The values stay the spec's; only what is shown is in the person's language. */}
          <NativeSelect
            label={t('support.role')}
            data={SUPPORT_ROLES.map((role) => ({ value: role, label: t(`support.roles.${role}`) }))}
            {...form.getInputProps('role')}
          />
          <NativeSelect
            label={t('support.queryType')}
            data={SUPPORT_QUERY_TYPES.map((type) => ({
              value: type,
              label: t(`support.queryTypes.${type}`),
            }))}
            {...form.getInputProps('queryType')}
          />
        </SimpleGrid>
        <Textarea
          label={t('support.message')}
          required
          rows={6}
          resize="vertical"
          maxLength={SUPPORT_LIMITS.message}
          {...form.getInputProps('message')}
        />
        <Button type="submit" disabled={submit.isPending} style={{ alignSelf: 'flex-start' }}>
          {submit.isPending ? t('submitting') : t('support.submit')}
        </Button>
      </Stack>
    </form>
  );
}
