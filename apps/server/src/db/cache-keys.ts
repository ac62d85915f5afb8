/** The cached reads the features share: whose rows a mentor's or a group's work list follows. */
import { cachedRead } from './read-cache';

export const studentListKeys = {
  /** The students of the groups a teacher mentors, while no student moves and no group changes hands. */
  mentees: (teacherAccountId: string) =>
    cachedRead(['mentees', teacherAccountId], ['students', 'teacher_groups']),
  /** One group's students, while no student changes. */
  group: (group: string) => cachedRead(['group-students', group], ['students']),
};
