import { z } from 'zod';
import { SearchPageQuerySchema } from './common.js';

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

export const StudentListQuerySchema = SearchPageQuerySchema.extend({
  group: z.string().trim().max(50).optional(),
});
export type StudentListQuery = z.infer<typeof StudentListQuerySchema>;
