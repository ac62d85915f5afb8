/** The form of a webhook endpoint: where deliveries go, a description, the kinds of events, enabled. */
import { Button, Checkbox, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  MESSAGES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_KINDS,
  WEBHOOK_URL_MAX,
  WebhookEndpointInputSchema,
  type WebhookEndpointInput,
  type WebhookKind,
} from '@campus/contract';

interface Values {
  url: string;
  description: string;
  kinds: WebhookKind[];
  enabled: boolean;
}

const EMPTY: Values = { url: '', description: '', kinds: [], enabled: true };

export function EndpointForm({
  initial,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Values;
  pending: boolean;
  submitLabel: string;
  /** Resolves true when saved: a new endpoint's form then clears itself. */
  onSubmit: (values: WebhookEndpointInput) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const form = useForm<Values>({
    initialValues: initial ?? EMPTY,
    validate: schemaResolver(WebhookEndpointInputSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    void onSubmit(WebhookEndpointInputSchema.parse(values)).then(
      (saved) => saved && !initial && form.reset(),
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={initial ? 'Edit the endpoint' : 'Add an endpoint'}>
      <Stack gap="md">
        <TextInput
          label="URL"
          description="Where the receiving system listens, e.g. https://registrar.example.edu/hooks/portal"
          required
          type="url"
          inputMode="url"
          maxLength={WEBHOOK_URL_MAX}
          {...form.getInputProps('url')}
        />
        <TextInput
          label="Description"
          description="Which system it is, for whoever reads this list later"
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <Checkbox.Group label="Events it receives" required {...form.getInputProps('kinds')}>
          <Stack gap={4} mt="xs">
            {WEBHOOK_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                value={kind}
                label={
                  <span>
                    {WEBHOOK_KIND_LABELS[kind]}{' '}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {kind}
                    </Text>
                  </span>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch
          label="Enabled"
          description="A disabled endpoint's deliveries wait until it is enabled again"
          {...form.getInputProps('enabled', { type: 'checkbox' })}
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
