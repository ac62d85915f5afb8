/** The form that makes an API client: a name, the scopes it holds, when it expires, its budget a minute. */
import { Button, Checkbox, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  API_CLIENT_DEFAULT_PER_MINUTE,
  API_CLIENT_MAX_DAYS,
  API_CLIENT_MAX_PER_MINUTE,
  API_CLIENT_NAME_MAX,
  API_SCOPE_LABELS,
  API_SCOPES,
  ApiClientCreateSchema,
  MESSAGES,
  type ApiClientCreate,
  type ApiScope,
} from '@campus/contract';

interface Values {
  name: string;
  scopes: ApiScope[];
  expiresInDays: number | string;
  perMinute: number | string;
}

const INITIAL: Values = { name: '', scopes: [], expiresInDays: 90, perMinute: API_CLIENT_DEFAULT_PER_MINUTE };

export function CreateClientForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  /** Resolves true when made: the form then clears itself. A failure keeps what was chosen. */
  onSubmit: (values: ApiClientCreate) => Promise<boolean>;
}) {
  const form = useForm<Values>({
    initialValues: INITIAL,
    validate: schemaResolver(ApiClientCreateSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    void onSubmit(ApiClientCreateSchema.parse(values)).then((made) => made && form.reset());
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create an integration">
      <Stack gap="md">
        <TextInput
          label="Name"
          description="Which system uses it, e.g. Registrar sync"
          required
          maxLength={API_CLIENT_NAME_MAX}
          {...form.getInputProps('name')}
        />
        <Checkbox.Group
          label="What it may do"
          description="It can call only the routes of the scopes chosen here."
          required
          {...form.getInputProps('scopes')}
        >
          <Stack gap={4} mt="xs">
            {API_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={
                  <span>
                    {API_SCOPE_LABELS[scope]}{' '}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {scope}
                    </Text>
                  </span>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label="Expires in (days)"
            description={`1 to ${API_CLIENT_MAX_DAYS}`}
            required
            min={1}
            max={API_CLIENT_MAX_DAYS}
            allowDecimal={false}
            {...form.getInputProps('expiresInDays')}
          />
          <NumberInput
            label="Requests a minute"
            description={`Over it, the integration is told to wait (up to ${API_CLIENT_MAX_PER_MINUTE})`}
            min={1}
            max={API_CLIENT_MAX_PER_MINUTE}
            allowDecimal={false}
            {...form.getInputProps('perMinute')}
          />
        </SimpleGrid>
        <Button type="submit" disabled={pending} style={{ alignSelf: 'flex-start' }}>
          {pending ? MESSAGES.submitting : 'Create integration'}
        </Button>
      </Stack>
    </form>
  );
}
