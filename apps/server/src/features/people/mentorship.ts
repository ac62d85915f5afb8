/** Which groups a teacher mentors: it decides whose marks and attendance reports a teacher may open. */
import type { Db } from '../../db/index';

export function mentorshipRepository(db: Db) {
  return {
    /** Whether the teacher with this account mentors the group (teacher_groups). */
    async mentorsGroup(teacherAccountId: string, group: string): Promise<boolean> {
      const row = await db
        .selectFrom('teacher_groups')
        .select('group_name')
        .where('teacher_account_id', '=', teacherAccountId)
        .where('group_name', '=', group)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type MentorshipRepository = ReturnType<typeof mentorshipRepository>;
