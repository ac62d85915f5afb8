/** Every course, with its credits and attendance rule: added, changed and deleted in dialogs. */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Course } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { useCourses, useDeleteCourse, useTimetableSettings } from './api';
import { CourseDialog } from './course-form';

function DeleteCourseDialog({ course, onClose }: { course: Course | null; onClose: () => void }) {
  const remove = useDeleteCourse();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      opened={course !== null}
      onClose={close}
      title={course ? `Delete ${course.code}?` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {course && (
        <Stack>
          <Text size="sm">
            {course.code} · {course.name} and all its weekly periods are removed. A course whose lectures were
            marked cannot be deleted: those marks stay in the students’ records.
          </Text>
          {remove.isError && (
            <Alert color="red" role="alert" title="The course was not deleted.">
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {failureDetail(remove.error)}
              </Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red.8"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(course.code, {
                  onSuccess: () => {
                    close();
                    showOutcome({ ok: true, message: `${course.code} deleted, with its periods.` });
                  },
                })
              }
            >
              {remove.isPending ? 'Deleting...' : 'Delete course'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function CoursesPanel() {
  const courses = useCourses();
  const settings = useTimetableSettings();
  const [editing, setEditing] = useState<{ course: Course | null } | null>(null);
  const [deleting, setDeleting] = useState<Course | null>(null);
  const campusPercent = settings.data?.minPercent;

  const columns: Column<Course>[] = [
    { header: 'Code', rowHeader: true, nowrap: true, cell: (c) => c.code },
    { header: 'Name', breakAnywhere: true, cell: (c) => c.name },
    { header: 'Credits', align: 'right', cell: (c) => c.credits },
    {
      header: 'Attendance needed',
      cell: (c) =>
        c.minPercent !== null
          ? `${c.minPercent} %`
          : campusPercent === undefined
            ? 'Campus rule'
            : `${campusPercent} % (campus rule)`,
    },
    {
      header: 'Actions',
      actions: true,
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="compact-sm"
            aria-label={`Edit ${c.code}`}
            onClick={() => setEditing({ course: c })}
          >
            Edit
          </Button>
          <Button
            variant="outline"
            color="red.9"
            size="compact-sm"
            aria-label={`Delete ${c.code}`}
            onClick={() => setDeleting(c)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  let list;
  if (courses.isPending) list = <LoadingState label="Loading courses..." />;
  else if (courses.isError)
    list = <LoadFailedState title="Could not load the courses." onRetry={() => void courses.refetch()} />;
  else if (courses.data.length === 0)
    list = (
      <EmptyState hint="Add the courses the campus teaches, then place their periods in each group's week.">
        No courses yet.
      </EmptyState>
    );
  else
    list = (
      <DataTable
        caption="Courses"
        hideCaption
        columns={columns}
        rows={courses.data}
        rowKey={(c) => c.code}
        minWidth={640}
      />
    );

  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setEditing({ course: null })}>Add a course</Button>
      </Group>
      {list}
      <CourseDialog
        opened={editing !== null}
        course={editing?.course ?? null}
        campusPercent={campusPercent}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          showOutcome({ ok: true, message: `${message}.` });
        }}
      />
      <DeleteCourseDialog course={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
