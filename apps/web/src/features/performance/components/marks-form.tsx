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
  PERCENT_MAX,
  PERFORMANCE_SEMESTER_KEYS,
  type CgpaSource,
  type MarkField,
  type MarksRecord,
  type MarksUpdate,
} from '@campus/contract';
import { useFieldProblem, useTeacherWords, type TeacherWords } from '../../../i18n/teacher';
import { formatGpa } from '../format';

type MarkValues = Record<MarkField | 'CGPA', string>;
export type MarksFormValues = MarkValues & { cgpaSource: CgpaSource };

/** A field's range under it: the percentages to 100, the SGPAs to 10 and empty until known. */
const hintOf = (t: TeacherWords, field: MarkField) =>
  field.endsWith('%age')
    ? t('performance.form.percentHint', { max: PERCENT_MAX })
    : t('performance.form.gpaHint', { max: GPA_MAX });

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
const validateMarks = (problemOf: (field: string, problem: string) => string) => (values: MarksFormValues) =>
  Object.fromEntries(
    Object.entries(validate(values)).map(([field, message]) => [
      field,
      // The resolver gives each issue's message, which is text.
      problemOf(field === 'cgpaSource' ? 'CGPA' : field, message as string),
    ]),
  );

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
  const { t } = useTeacherWords();
  const problemOf = useFieldProblem();
  const form = useForm<MarksFormValues>({
    initialValues: initialMarks(record),
    validate: validateMarks(problemOf),
  });
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
    <form onSubmit={submit} noValidate aria-label={t('performance.form.label', { name: record.Name })}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          {MARK_FIELDS.map((field, index) => (
            <TextInput
              key={field}
              data-autofocus={index === 0 || undefined}
              label={field}
              description={hintOf(t, field)}
              inputMode="decimal"
              autoComplete="off"
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        <Radio.Group
          label={t('performance.form.cgpa')}
          value={cgpaSource}
          onChange={chooseSource}
          description={t('performance.form.cgpaHint')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="computed" label={t('performance.form.computed')} />
            <Radio value="entered" label={t('performance.form.entered')} />
          </Group>
        </Radio.Group>
        {preview ? (
          <Text aria-live="polite">
            {t('performance.form.cgpaShown')}
            <Text span fw={700}>
              {preview.cgpa === null ? t('performance.form.notKnown') : formatGpa(preview.cgpa)}
            </Text>
            {t('performance.form.computedFrom', { count: preview.semesters })}
          </Text>
        ) : (
          <TextInput
            label={t('performance.form.cgpaEntered')}
            description={t('performance.form.gpaHint', { max: GPA_MAX })}
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
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? t('submitting') : t('performance.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
