/** A person's own contact details: email and phone number (an admin's email only). */
import { Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { describeChanges, OwnContactRequestSchema } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { said } from '../../../i18n/said';
import { useStudentWords } from '../../../i18n/student';
import { failureDetail } from '../../../lib/failure';
import { useUpdateOwnContact } from '../api';

interface ContactValues {
  email: string;
  phoneNo: string;
}
/** Each field's label is `shared.contact.<key>`. */
const LABELS: Record<keyof ContactValues, 'email' | 'phone'> = { email: 'email', phoneNo: 'phone' };
const resolve = schemaResolver(OwnContactRequestSchema, { sync: true });

export function ContactForm({
  email,
  phoneNo,
  withPhone,
}: {
  email: string;
  phoneNo: string | null;
  /** Students and teachers keep a phone number; admins an email only. */
  withPhone: boolean;
}) {
  const { t } = useStudentWords();
  const save = useUpdateOwnContact();
  const form = useForm<ContactValues>({
    initialValues: { email, phoneNo: phoneNo ?? '' },
    validate: (values) =>
      Object.fromEntries(
        Object.entries(resolve(withPhone ? values : { email: values.email })).map(([field, message]) => [
          field,
          // The resolver gives each issue's message ("must be an email address"), which is text.
          t('shared.contact.fieldProblem', {
            field: t(`shared.contact.${LABELS[field as keyof ContactValues]}`),
            problem: said(t, message as string),
          }),
        ]),
      ),
  });

  const submit = form.onSubmit((values) => {
    const body = OwnContactRequestSchema.parse(withPhone ? values : { email: values.email });
    save.mutate(body, {
      // The form is drawn again from the saved details, so the outcome is said outside it.
      onSuccess: ({ changes, pendingEmail, message }) =>
        showOutcome(
          pendingEmail
            ? // The new address is used once its link is opened: the person needs to know to look.
              { ok: true, title: t('shared.contact.checkInbox'), message: said(t, message), persist: true }
            : {
                ok: true,
                message:
                  changes.length === 0
                    ? t('shared.contact.unchanged')
                    : t('shared.contact.saved', { changes: describeChanges(changes) }),
              },
        ),
      onError: (error) =>
        showOutcome({
          ok: false,
          title: t('shared.contact.failed'),
          message: failureDetail(error),
        }),
    });
  });

  return (
    <Paper withBorder p="md" radius="md" maw={420}>
      <form onSubmit={submit} noValidate aria-labelledby="contact-details-title">
        <Stack>
          <Title order={2} size="h4" id="contact-details-title">
            {t('shared.contact.title')}
          </Title>
          <TextInput
            label={t('shared.contact.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          {withPhone && (
            <TextInput
              label={t('shared.contact.phone')}
              type="tel"
              autoComplete="tel"
              {...form.getInputProps('phoneNo')}
            />
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('states.submitting', { ns: 'common' }) : t('shared.contact.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
