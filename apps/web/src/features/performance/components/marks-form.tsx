/**
 * The marks of one student as a form: 10th and 12th percentage, Sem-1 to Sem-4 SGPA (each may stay
 * empty until known) and the CGPA, computed from the SGPAs or entered as on the transcript. Checked
 * by the contract's schema, the one the server checks with.
 */
import { Alert, Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  computeCgpa,
  GPA_MAX,
  MARK_FIELDS,
  MARK_SCHEMAS,
  MarksUpdateRequestSchema,
  MESSAGES,
  PERCENT_MAX,
  PERFORMANCE_SEMESTER_KEYS,
  type CgpaSource,
  type MarkField,
  type MarksRecord,
  type MarksUpdate,
} from '@campus/contract';
import { formatGpa } from '../format';

type MarkValues = Record<MarkField | 'CGPA', string>;
export type MarksFormValues = MarkValues & { cgpaSource: CgpaSource };

const HINTS: Record<MarkField, string> = {
  '10th %age': `0 to ${PERCENT_MAX}`,
  '12th %age': `0 to ${PERCENT_MAX}`,
  'Sem-1 SGPA': `0 to ${GPA_MAX}; empty until known`,
  'Sem-2 SGPA': `0 to ${GPA_MAX}; empty until known`,
  'Sem-3 SGPA': `0 to ${GPA_MAX}; empty until known`,
  'Sem-4 SGPA': `0 to ${GPA_MAX}; empty until known`,
};

const asText = (mark: number | null) => (mark === null ? '' : String(mark));

export function initialMarks(record: MarksRecord): MarksFormValues {
  const values = Object.fromEntries(MARK_FIELDS.map((field) => [field, asText(record[field])])) as Record<
    MarkField,
    string
  >;
  // A student without a record starts with the CGPA computed: there is nothing to keep.
  return { ...values, CGPA: asText(record.CGPA), cgpaSource: record.cgpaSource ?? 'computed' };
}

const validate = schemaResolver(MarksUpdateRequestSchema, { sync: true });
/** The schema's messages ("must be a number from 0 to 10") after the field's name. */
function validateMarks(values: MarksFormValues) {
  return Object.fromEntries(
    Object.entries(validate(values)).map(([field, message]) => [
      field,
      // The resolver gives each issue's message, which is text.
      `${field === 'cgpaSource' ? 'CGPA' : field} ${message as string}`,
    ]),
  );
}

/** The CGPA the server will compute from the SGPAs typed so far, the valid ones. */
function previewCgpa(values: MarksFormValues): { cgpa: number | null; semesters: number } {
  const sgpas = PERFORMANCE_SEMESTER_KEYS.map((key) => {
    const parsed = MARK_SCHEMAS[key].safeParse(values[key]);
    return parsed.success ? parsed.data : null;
  });
  return { cgpa: computeCgpa(sgpas), semesters: sgpas.filter((sgpa) => sgpa !== null).length };
}

export function MarksForm({
  record,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  record: MarksRecord;
  pending: boolean;
  /** Why the last save failed, in words. */
  error: string | null;
  onSubmit: (marks: MarksUpdate) => void;
  onCancel: () => void;
}) {
  const form = useForm<MarksFormValues>({ initialValues: initialMarks(record), validate: validateMarks });
  const { cgpaSource } = form.values;
  const preview = cgpaSource === 'computed' ? previewCgpa(form.values) : null;

  const chooseSource = (value: string) => {
    const source: CgpaSource = value === 'entered' ? 'entered' : 'computed';
    form.setFieldValue('cgpaSource', source);
    // A computed CGPA takes no typed value; what was typed would only hide an error.
    if (source === 'computed') {
      form.setFieldValue('CGPA', '');
      form.clearFieldError('CGPA');
    }
  };

  const submit = form.onSubmit((values) => onSubmit(MarksUpdateRequestSchema.parse(values)));

  return (
    <form onSubmit={submit} noValidate aria-label={`Marks of ${record.Name}`}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          {MARK_FIELDS.map((field, index) => (
            <TextInput
              key={field}
              data-autofocus={index === 0 || undefined}
              label={field}
              description={HINTS[field]}
              inputMode="decimal"
              autoComplete="off"
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        <Radio.Group
          label="CGPA"
          value={cgpaSource}
          onChange={chooseSource}
          description="Computed: the mean of the semesters' SGPAs entered above. Entered: as it stands on the transcript."
        >
          <Group gap="lg" mt={6}>
            <Radio value="computed" label="Computed from the SGPAs" />
            <Radio value="entered" label="Entered" />
          </Group>
        </Radio.Group>
        {preview ? (
          <Text aria-live="polite">
            CGPA:{' '}
            <Text span fw={700}>
              {preview.cgpa === null ? 'not known yet' : formatGpa(preview.cgpa)}
            </Text>{' '}
            (computed from {preview.semesters} semester{preview.semesters === 1 ? '' : 's'})
          </Text>
        ) : (
          <TextInput
            label="CGPA (entered)"
            description={`0 to ${GPA_MAX}; empty until known`}
            inputMode="decimal"
            autoComplete="off"
            maw={{ xs: 'calc(50% - var(--mantine-spacing-sm) / 2)' }}
            {...form.getInputProps('CGPA')}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? MESSAGES.submitting : 'Save marks'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
