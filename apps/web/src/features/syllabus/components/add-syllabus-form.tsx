/** The teacher's Add Syllabus form: course name, semester and comma-separated topics, all required. */
import { Box, Button, Paper, Stack, TextInput, Textarea, type CSSProperties } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, SyllabusAddRequestSchema } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { whatToDo } from '../../../lib/failure';
import { useAddSyllabus } from '../api';

interface Values {
  courseName: string;
  semester: string;
  topics: string;
}

const LABELS: Record<keyof Values, string> = {
  courseName: 'Course name',
  semester: 'Semester',
  topics: 'Topics',
};

/** The contract schema's issues as form errors that name the field. */
function validate(values: Values): Partial<Record<keyof Values, string>> {
  const result = SyllabusAddRequestSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Values | undefined;
    if (field && field in LABELS) errors[field] ??= `${LABELS[field]} ${issue.message}`;
  }
  return errors;
}

/** Mantine's default error red (red.6) is below AA contrast on white; field errors use red.9. */
const ERROR_CONTRAST: CSSProperties = { '--mantine-color-error': 'var(--campus-text-danger)' };

export function AddSyllabusForm() {
  const add = useAddSyllabus();
  const form = useForm<Values>({
    name: 'add-syllabus',
    initialValues: { courseName: '', semester: '', topics: '' },
    validate,
  });

  const onSubmit = form.onSubmit(
    (values) => {
      add.mutate(SyllabusAddRequestSchema.parse(values), {
        onSuccess: () => {
          showOutcome({
            ok: true,
            message: `${MESSAGES.syllabus.added}\n${values.courseName.trim()} is listed under Existing courses.`,
          });
          form.reset();
        },
        onError: (error) =>
          showOutcome({
            ok: false,
            title: `Could not add the syllabus of ${values.courseName.trim()}`,
            message: `${MESSAGES.syllabus.addFailed}\n${whatToDo(error)}`,
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
      <Box component="form" aria-label="Add syllabus" noValidate onSubmit={onSubmit} style={ERROR_CONTRAST}>
        <Stack gap="sm">
          <TextInput label="Course name" required {...form.getInputProps('courseName')} />
          <TextInput label="Semester" required {...form.getInputProps('semester')} />
          <Textarea
            label="Topics"
            description="Separate topics with commas"
            required
            rows={3}
            resize="vertical"
            {...form.getInputProps('topics')}
          />
          <Button type="submit" disabled={add.isPending} style={{ alignSelf: 'flex-start' }}>
            {add.isPending ? MESSAGES.submitting : 'Add Syllabus'}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
