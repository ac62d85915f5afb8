/** The question-and-answer form of the admin FAQ editor, for adding an item and for editing one. */
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FAQ_LIMITS, FaqItemRequestSchema, MESSAGES, type FaqItemRequest } from '@campus/contract';

export function FaqItemForm({
  label,
  submitLabel,
  initialValues = { question: '', answer: '' },
  pending,
  onSubmit,
  onCancel,
}: {
  /** Names the form for assistive technology. */
  label: string;
  submitLabel: string;
  initialValues?: FaqItemRequest;
  pending: boolean;
  /** Resolves true when saved: the form then clears itself. A failure keeps what was typed. */
  onSubmit: (values: FaqItemRequest) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const form = useForm<FaqItemRequest>({
    initialValues,
    validate: schemaResolver(FaqItemRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    void onSubmit(FaqItemRequestSchema.parse(values)).then((saved) => saved && form.reset());
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        <TextInput
          label="Question"
          required
          data-autofocus
          maxLength={FAQ_LIMITS.question}
          {...form.getInputProps('question')}
        />
        <Textarea
          label="Answer"
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={FAQ_LIMITS.answer}
          {...form.getInputProps('answer')}
        />
        <Group gap="sm">
          <Button type="submit" disabled={pending}>
            {pending ? MESSAGES.submitting : submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
