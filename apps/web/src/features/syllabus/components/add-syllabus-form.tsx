/** The teacher's Add Syllabus form: course name, semester and comma-separated topics, all required. */
import { Box, Button, Paper, Stack, TextInput, Textarea, type CSSProperties } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SyllabusAddRequestSchema } from '@campus/contract';
import { useFieldProblem, useTeacherWords } from '../../../i18n/teacher';
import { showOutcome } from '../../../components/toast';
import { whatToDo } from '../../../lib/failure';
import { useAddSyllabus } from '../api';

interface Values {
  courseName: string;
  semester: string;
  topics: string;
}

/** Each field's label is `syllabus.fields.<field>`. */
const FIELDS: readonly (keyof Values)[] = ['courseName', 'semester', 'topics'];

/** The contract schema's issues as form errors that name the field. */
const validateWith =
  (label: (field: keyof Values) => string, problemOf: (field: string, problem: string) => string) =>
  (values: Values): Partial<Record<keyof Values, string>> => {
    const result = SyllabusAddRequestSchema.safeParse(values);
    if (result.success) return {};
    const errors: Partial<Record<keyof Values, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof Values | undefined;
      if (field && FIELDS.includes(field)) errors[field] ??= problemOf(label(field), issue.message);
    }
    return errors;
  };

/** Mantine's default error red (red.6) is below AA contrast on white; field errors use red.9. */
const ERROR_CONTRAST: CSSProperties = { '--mantine-color-error': 'var(--campus-text-danger)' };

export function AddSyllabusForm() {
  const { t } = useTeacherWords();
  const problemOf = useFieldProblem();
  const label = (field: keyof Values) => t(`syllabus.fields.${field}`);
  const add = useAddSyllabus();
  const form = useForm<Values>({
    name: 'add-syllabus',
    initialValues: { courseName: '', semester: '', topics: '' },
    validate: validateWith(label, problemOf),
  });

  const onSubmit = form.onSubmit(
    (values) => {
      add.mutate(SyllabusAddRequestSchema.parse(values), {
        onSuccess: () => {
          showOutcome({
            ok: true,
            message: `${t('syllabus.added')}\n${t('syllabus.listed', { course: values.courseName.trim() })}`,
          });
          form.reset();
        },
        onError: (error) =>
          showOutcome({
            ok: false,
            title: t('syllabus.couldNotAdd', { course: values.courseName.trim() }),
            message: `${t('syllabus.addFailed')}\n${whatToDo(error)}`,
          }),
      });
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first)?.focus();
    },
  );

  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <Box
        component="form"
        aria-label={t('syllabus.formLabel')}
        noValidate
        onSubmit={onSubmit}
        style={ERROR_CONTRAST}
      >
        <Stack gap="sm">
          <TextInput label={label('courseName')} required {...form.getInputProps('courseName')} />
          <TextInput label={label('semester')} required {...form.getInputProps('semester')} />
          <Textarea
            label={label('topics')}
            description={t('syllabus.topicsHint')}
            required
            rows={3}
            resize="vertical"
            {...form.getInputProps('topics')}
          />
          <Button type="submit" disabled={add.isPending} style={{ alignSelf: 'flex-start' }}>
            {add.isPending ? t('submitting') : t('syllabus.submit')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
