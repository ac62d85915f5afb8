/** The large campus's people: accounts, students, teachers, groups and mentors, the admin, and performance. */
import * as data from './demo-data';
import { slug } from './generate';
import type { LargeSeed } from './large';
import {
  LARGE_LOGIN,
  adminAccount,
  largeGroupName,
  largeGroupOf,
  studentAccount,
  teacherAccount,
} from './large-size';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Writes the people and answers each teacher's name and email, for the notices they sign. */
export async function seedPeople(s: LargeSeed): Promise<{ names: string[]; emails: string[] }> {
  const { size, rnd, stamp, passwordHash } = s;
  const { firstRollNo, firstTeacherId, adminId } = LARGE_LOGIN;

  let w = await s.writer('accounts', ['id', 'login_id', 'role', 'password_hash', 'created_at']);
  for (let i = 0; i < size.students; i++) {
    await w.add(studentAccount(i), firstRollNo + i, 'student', passwordHash, stamp);
  }
  for (let t = 0; t < size.teachers; t++) {
    await w.add(teacherAccount(t), firstTeacherId + t, 'teacher', passwordHash, stamp);
  }
  await w.add(adminAccount, adminId, 'admin', passwordHash, stamp);
  await w.flush();

  w = await s.writer('students', [
    'account_id',
    'roll_no',
    'name',
    'father_name',
    'mother_name',
    'gender',
    'dob',
    'category',
    'phone_no',
    'email',
    'group_name',
  ]);
  for (let i = 0; i < size.students; i++) {
    const rollNo = firstRollNo + i;
    const first = rnd.pick(data.FIRST_NAMES);
    const last = rnd.pick(data.LAST_NAMES);
    await w.add(
      studentAccount(i),
      rollNo,
      `${first} ${last}`,
      `${rnd.pick(data.FATHER_FIRST)} ${last}`,
      `${rnd.pick(data.MOTHER_FIRST)} ${last}`,
      rnd.next() < 0.5 ? 'Male' : 'Female',
      `200${4 + rnd.int(3)}-${pad2(1 + rnd.int(12))}-${pad2(1 + rnd.int(28))}`,
      rnd.pick(data.CATEGORIES),
      `98${String(10_000_000 + rnd.int(89_999_999))}`,
      `${slug(first)}.${slug(last)}.${rollNo}@campus.example.edu`,
      largeGroupName(largeGroupOf(i)),
    );
  }
  await w.flush();

  const teachers = await seedTeachers(s);

  w = await s.writer('admins', ['account_id', 'admin_id', 'name', 'email']);
  await w.add(adminAccount, adminId, data.ADMIN.name, data.ADMIN.email);
  await w.flush();

  await seedPerformance(s);
  return teachers;
}

/** Teachers, the groups, and who mentors which: teacher t mentors group t % groups and one more. */
async function seedTeachers(s: LargeSeed): Promise<{ names: string[]; emails: string[] }> {
  const { size, rnd, stamp } = s;
  const names: string[] = [];
  const emails: string[] = [];
  let w = await s.writer('teachers', [
    'account_id',
    'teacher_id',
    'name',
    'gender',
    'dob',
    'phone_no',
    'email',
  ]);
  for (let t = 0; t < size.teachers; t++) {
    const teacherId = LARGE_LOGIN.firstTeacherId + t;
    const last = rnd.pick(data.LAST_NAMES);
    const name = `${rnd.next() < 0.5 ? 'Dr.' : 'Prof.'} ${rnd.pick(data.FIRST_NAMES)} ${last}`;
    const email = `${slug(name)}.${teacherId}@campus.example.edu`;
    names.push(name);
    emails.push(email);
    await w.add(
      teacherAccount(t),
      teacherId,
      name,
      rnd.next() < 0.5 ? 'Male' : 'Female',
      `19${65 + rnd.int(30)}-${pad2(1 + rnd.int(12))}-${pad2(1 + rnd.int(28))}`,
      `97${String(10_000_000 + rnd.int(89_999_999))}`,
      email,
    );
  }
  await w.flush();

  w = await s.writer('groups', ['name', 'created_at']);
  for (let g = 0; g < size.groups; g++) await w.add(largeGroupName(g), stamp);
  await w.flush();

  w = await s.writer('teacher_groups', ['teacher_account_id', 'group_name']);
  for (let t = 0; t < size.teachers; t++) {
    const primary = t % size.groups;
    const second = (primary + 1 + Math.floor(t / size.groups)) % size.groups;
    await w.add(teacherAccount(t), largeGroupName(primary));
    s.counts.teacherGroups++;
    if (second !== primary) {
      await w.add(teacherAccount(t), largeGroupName(second));
      s.counts.teacherGroups++;
    }
  }
  await w.flush();
  return { names, emails };
}

async function seedPerformance(s: LargeSeed): Promise<void> {
  const { size, rnd } = s;
  const w = await s.writer('performance', [
    'roll_no',
    'tenth_percent',
    'twelfth_percent',
    'sem1_sgpa',
    'sem2_sgpa',
    'sem3_sgpa',
    'sem4_sgpa',
    'cgpa',
  ]);
  for (let i = 0; i < size.students; i++) {
    const sems = [0, 1, 2, 3].map(() => rnd.between(5.5, 9.9, 2));
    const cgpa = Number((sems.reduce((a, b) => a + b, 0) / 4).toFixed(2));
    await w.add(
      LARGE_LOGIN.firstRollNo + i,
      rnd.between(60, 99, 1),
      rnd.between(55, 98, 1),
      sems[0]!,
      sems[1]!,
      sems[2]!,
      sems[3]!,
      cgpa,
    );
  }
  await w.flush();
}
