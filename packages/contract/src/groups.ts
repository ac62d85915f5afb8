/** Student groups: the admin's Groups page, creating and renaming groups, mentors and moving students. */
import { z } from 'zod';
import { RollNoSchema, requiredText } from './common.js';
import { FieldChangeSchema, PERSON_LIMITS, strictBody } from './people-admin.js';
import { TeacherIdParamsSchema } from './people.js';
import { GroupNameSchema } from './text-rules.js';

/** POST /api/groups and PUT /api/groups/:name (a rename): the group's (new) name. */
export const GroupNameRequestSchema = z.strictObject({ name: GroupNameSchema }, strictBody);
export type GroupNameRequest = z.infer<typeof GroupNameRequestSchema>;
export const GroupParamsSchema = z.object({ name: requiredText(PERSON_LIMITS.group) });

export const MAX_GROUP_MENTORS = 50;
export const MAX_MOVED_STUDENTS = 1000;

/** PUT /api/groups/:name/mentors: the teachers who mentor the group from now on (may be none). */
export const GroupMentorsRequestSchema = z.strictObject(
  {
    teacherIds: z
      .array(TeacherIdParamsSchema.shape.teacherId, { error: 'must be a list of teacher ids' })
      .max(MAX_GROUP_MENTORS, { error: `must hold at most ${MAX_GROUP_MENTORS} teachers` }),
  },
  strictBody,
);
export type GroupMentorsRequest = z.infer<typeof GroupMentorsRequestSchema>;

/** POST /api/groups/:name/students: students moved into the group from wherever they are. */
export const GroupMoveRequestSchema = z.strictObject(
  {
    rollNos: z
      .array(RollNoSchema, { error: 'must be a list of roll numbers' })
      .min(1, { error: 'must name at least one student' })
      .max(MAX_MOVED_STUDENTS, { error: `must hold at most ${MAX_MOVED_STUDENTS} students` }),
  },
  strictBody,
);
export type GroupMoveRequest = z.infer<typeof GroupMoveRequestSchema>;

export const GroupMentorSchema = z.object({ teacherId: z.number(), name: z.string() });
export type GroupMentor = z.infer<typeof GroupMentorSchema>;

/** A row of the admin's Groups page: the group, how many students it has and its mentors. */
export const GroupSummarySchema = z.object({
  name: z.string(),
  students: z.number().int().nonnegative(),
  mentors: z.array(GroupMentorSchema),
});
export type GroupSummary = z.infer<typeof GroupSummarySchema>;
export const GroupSummaryListSchema = z.array(GroupSummarySchema);

/** What a change to a group answers: the group as it is now, and what changed (for the audit log). */
export const GroupChangeResponseSchema = z.object({
  message: z.string(),
  group: GroupSummarySchema,
  changes: z.array(FieldChangeSchema),
});
export type GroupChangeResponse = z.infer<typeof GroupChangeResponseSchema>;
