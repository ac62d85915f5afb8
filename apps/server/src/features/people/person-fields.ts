/**
 * A person's editable fields, as the API names them and as the tables do, and what an edit changed,
 * field by field: what the audit log and webhooks are told.
 */
import type {
  FieldChange,
  Student,
  StudentUpdateRequest,
  Teacher,
  TeacherUpdateRequest,
} from '@campus/contract';

/** The fields whose values differ, in the order given, each from its old value to its new one. */
export function changesBetween(
  before: Record<string, string | number | null>,
  after: Record<string, string | number | null>,
): FieldChange[] {
  return Object.keys(after)
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
}

/** A student's columns, from what the API sends. */
export const studentColumns = (s: StudentUpdateRequest) => ({
  name: s.name,
  father_name: s.FatherName,
  mother_name: s.MotherName,
  gender: s.Gender,
  dob: s.Dob,
  category: s.Category,
  phone_no: s.phoneNo,
  email: s.email,
  group_name: s.group,
  ...(s.guardianName !== undefined && { guardian_name: s.guardianName }),
  ...(s.guardianEmail !== undefined && { guardian_email: s.guardianEmail?.toLowerCase() ?? null }),
});

/** A teacher's columns, from what the API sends. */
export const teacherColumns = (t: TeacherUpdateRequest) => ({
  name: t.name,
  gender: t.Gender,
  dob: t.Dob,
  phone_no: t.phoneNo,
  email: t.email,
});

/** A student's editable fields, as the API names them. */
export const studentFields = (s: Student | StudentUpdateRequest) => ({
  name: s.name,
  FatherName: s.FatherName,
  MotherName: s.MotherName,
  Gender: s.Gender,
  Dob: s.Dob,
  Category: s.Category,
  phoneNo: s.phoneNo,
  email: s.email,
  group: s.group,
  ...(s.guardianName !== undefined && { guardianName: s.guardianName }),
  ...(s.guardianEmail !== undefined && { guardianEmail: s.guardianEmail?.toLowerCase() ?? null }),
});

/** A teacher's editable fields, as the API names them. */
export const teacherFields = (t: Teacher | TeacherUpdateRequest) => ({
  name: t.name,
  Gender: t.Gender,
  Dob: t.Dob,
  phoneNo: t.phoneNo,
  email: t.email,
});
