import { z } from 'zod';
import { SearchPageQuerySchema } from './common.js';

/** Admin lists may show active or inactive (deactivated) accounts only; all when not given. */
const StatusFilterSchema = z.enum(['active', 'inactive'], { error: 'must be active or inactive' }).optional();

const optionalText = z.string().nullable();

export const StudentSchema = z.object({
  _id: z.string(),
  RollNo: z.number(),
  name: z.string(),
  FatherName: optionalText,
  MotherName: optionalText,
  Gender: optionalText,
  Dob: optionalText,
  Category: optionalText,
  phoneNo: optionalText,
  email: z.string(),
  group: z.string(),
  designation: z.string(),
  /** False once an admin deactivated the account: the record stays, the person cannot sign in. */
  active: z.boolean(),
  /** The guardian the campus may email (decision record 0034); present only when recorded. */
  guardianName: optionalText.optional(),
  guardianEmail: optionalText.optional(),
});
export type Student = z.infer<typeof StudentSchema>;

export const TeacherSchema = z.object({
  _id: z.string(),
  name: z.string(),
  teacherId: z.number(),
  Gender: optionalText,
  Dob: optionalText,
  phoneNo: optionalText,
  email: z.string(),
  designation: z.string(),
  groups: z.array(z.string()),
  /** False once an admin deactivated the account. */
  active: z.boolean(),
});
export type Teacher = z.infer<typeof TeacherSchema>;

export const AdminSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  adminId: z.number(),
});
export type Admin = z.infer<typeof AdminSchema>;

export const TeacherIdParamsSchema = z.object({
  teacherId: z.coerce
    .number({ error: 'must be a teacher id' })
    .int({ error: 'must be a teacher id' })
    .positive({ error: 'must be a teacher id' })
    .max(999_999_999, { error: 'must be a teacher id' }),
});

/** Student lists: `search` matches inside the name or the roll number, `group` is exact. */
export const StudentListQuerySchema = SearchPageQuerySchema.extend({
  group: z.string().trim().max(50).optional(),
  status: StatusFilterSchema,
});
export type StudentListQuery = z.infer<typeof StudentListQuerySchema>;

/**
 * `GET /api/export/students.csv`: the students export narrowed as the Manage Students list it is
 * downloaded from, by the list's own rules (`group` exact, `search` inside the name or roll number,
 * `status` active or inactive accounts); every page of them, in one file.
 */
export const StudentExportQuerySchema = StudentListQuerySchema.pick({
  group: true,
  search: true,
  status: true,
});
export type StudentExportQuery = z.infer<typeof StudentExportQuerySchema>;

export const StudentListSchema = z.array(StudentSchema);
export const TeacherListSchema = z.array(TeacherSchema);

/** `GET /api/teachers` (admins): `search` matches the name or the teacher id. */
export const TeacherListQuerySchema = SearchPageQuerySchema.extend({ status: StatusFilterSchema });
export type TeacherListQuery = z.input<typeof TeacherListQuerySchema>;

/** A card of the student's 'Contact Your Mentor' screen: `isMentor` marks the student's own mentors. */
export const ContactTeacherSchema = z.object({
  _id: z.string(),
  name: z.string(),
  teacherId: z.number(),
  /**
   * A §3 teacher field; the server always sends it (null when unknown). Optional in the type only,
   * so that cards made without it, as the web's tests make them, still type-check.
   */
  Gender: optionalText.optional(),
  email: z.string(),
  phoneNo: optionalText,
  groups: z.array(z.string()),
  isMentor: z.boolean(),
});
export type ContactTeacher = z.infer<typeof ContactTeacherSchema>;
export const ContactTeacherListSchema = z.array(ContactTeacherSchema);

/** `GET /api/groups`: every group's name, sorted, those without students too (group filters). */
export const GroupListSchema = z.array(z.string());
