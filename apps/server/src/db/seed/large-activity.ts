/** The large campus's activity: daily attendance, notices and events, syllabus and FAQ, gate passes and queries. */
import { schoolDaysBefore } from './demo';
import * as data from './demo-data';
import type { LargeSeed } from './large';
import { LARGE_LOGIN, largeGroupOf, largeId, teacherAccount } from './large-size';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Attendance, student by student (the primary key's order), marked by the group's first mentor. */
export async function seedAttendance(s: LargeSeed): Promise<void> {
  const days = schoolDaysBefore(s.today, s.size.schoolDays);
  const w = await s.writer('attendance', ['roll_no', 'date', 'status', 'marked_by', 'marked_at']);
  const markedAt = days.map((date) => `${date}T09:15:00.000Z`);
  for (let i = 0; i < s.size.students; i++) {
    const presence = 0.6 + ((i * 7) % 40) / 100;
    const markedBy = teacherAccount(largeGroupOf(i));
    for (let d = 0; d < days.length; d++) {
      await w.add(
        LARGE_LOGIN.firstRollNo + i,
        days[d]!,
        s.rnd.next() < presence ? 'Present' : 'Absent',
        markedBy,
        markedAt[d]!,
      );
    }
  }
  await w.flush();
}

/** Notices of the three kinds, spread over the school days, newest a few minutes ago. */
export async function seedNotices(
  s: LargeSeed,
  teachers: { names: string[]; emails: string[] },
): Promise<void> {
  const { size, rnd, at } = s;
  const minutesAgo = (i: number, count: number) =>
    Math.floor(((count - i) * size.schoolDays * 24 * 60) / count) + 7;
  let w = await s.writer('notices', [
    'id',
    'author_id',
    'heading',
    'contact_email',
    'description',
    'created_at',
    'starts_at',
    'notified_at',
  ]);
  for (let i = 0; i < size.generalNotices; i++) {
    const n = data.GENERAL_NOTICES[i % data.GENERAL_NOTICES.length]!;
    const when = at(0, minutesAgo(i, size.generalNotices));
    await w.add(
      largeId(i + 1, 6),
      teacherAccount(rnd.int(size.teachers)),
      `${n.heading} (${i + 1})`,
      'office@campus.example.edu',
      n.description,
      when,
      when,
      when,
    );
  }
  await w.flush();

  w = await s.writer('mentor_notices', [
    'id',
    'author_id',
    'teacher_name',
    'email',
    'heading',
    'description',
    'created_at',
    'starts_at',
    'notified_at',
  ]);
  for (let i = 0; i < size.mentorNotices; i++) {
    const n = data.MENTOR_NOTICES[i % data.MENTOR_NOTICES.length]!;
    const t = rnd.int(size.teachers);
    const when = at(0, minutesAgo(i, size.mentorNotices));
    await w.add(
      largeId(i + 1, 4),
      teacherAccount(t),
      teachers.names[t]!,
      teachers.emails[t]!,
      `${n.heading} (${i + 1})`,
      n.description,
      when,
      when,
      when,
    );
  }
  await w.flush();

  w = await s.writer('events', [
    'id',
    'author_id',
    'event_name',
    'host_by',
    'contact_email',
    'date',
    'time',
    'description',
    'created_at',
    'starts_at',
    'notified_at',
  ]);
  for (let i = 0; i < size.events; i++) {
    const e = data.EVENTS[i % data.EVENTS.length]!;
    const when = at(0, minutesAgo(i, size.events));
    await w.add(
      largeId(i + 1, 5),
      teacherAccount(rnd.int(size.teachers)),
      `${e.eventName} ${i + 1}`,
      e.hostBy,
      'events@campus.example.edu',
      new Date(s.today.getTime() + (1 + (i % 120)) * 86_400_000).toISOString().slice(0, 10),
      e.time,
      e.description,
      when,
      when,
      when,
    );
  }
  await w.flush();
}

/** The demo's syllabus and FAQ, as they are. */
export async function seedSyllabusAndFaq(s: LargeSeed): Promise<void> {
  let w = await s.writer('syllabus', ['id', 'course_name', 'semester', 'topics', 'created_by', 'created_at']);
  for (const [i, c] of data.COURSES.entries()) {
    await w.add(
      largeId(i + 1, 7),
      c.courseName,
      c.semester,
      JSON.stringify(c.topics),
      teacherAccount(i),
      s.stamp,
    );
  }
  await w.flush();

  w = await s.writer('faq', ['id', 'position', 'question', 'answer']);
  for (const [i, f] of data.FAQ.entries()) await w.add(largeId(i + 1, 11), i + 1, f.question, f.answer);
  await w.flush();
}

/** Gate passes: one per student for the first `students`; 30 % still pending. */
export async function seedGatePasses(s: LargeSeed): Promise<void> {
  const { size, rnd, at } = s;
  const w = await s.writer('gate_passes', [
    'id',
    'roll_no',
    'contact',
    'date',
    'time',
    'reason',
    'status',
    'created_at',
    'decided_by',
    'decided_at',
  ]);
  for (let i = 0; i < size.gatePasses; i++) {
    const student = i % size.students;
    const roll = rnd.next();
    const status = roll < 0.3 ? 'pending' : roll < 0.8 ? 'approved' : 'rejected';
    const daysAgo = rnd.int(size.schoolDays);
    const decider = teacherAccount(largeGroupOf(student));
    await w.add(
      largeId(i + 1, 8),
      LARGE_LOGIN.firstRollNo + student,
      `98${String(10_000_000 + rnd.int(89_999_999))}`,
      new Date(s.today.getTime() - (daysAgo - 2) * 86_400_000).toISOString().slice(0, 10),
      `${pad2(9 + rnd.int(8))}:${rnd.next() < 0.5 ? '00' : '30'}`,
      rnd.pick(data.GATE_PASS_REASONS),
      status,
      at(daysAgo, rnd.int(600)),
      status === 'pending' ? null : decider,
      status === 'pending' ? null : at(daysAgo, -30),
    );
  }
  await w.flush();
}

/** Queries: 40 % unsolved, asked over the school days; one to three tags each. */
export async function seedQueries(s: LargeSeed): Promise<void> {
  const { size, rnd, at } = s;
  const w = await s.writer('queries', [
    'id',
    'roll_no',
    'topic',
    'description',
    'solution',
    'solved_by',
    'solved_at',
    'likes',
    'created_at',
  ]);
  const tags = await s.writer('query_tags', ['query_id', 'position', 'tag'], { parent: w, quiet: true });
  const tagPool = [...new Set(data.QUERIES.flatMap((q) => q.tags))];
  for (let i = 0; i < size.queries; i++) {
    const q = data.QUERIES[i % data.QUERIES.length]!;
    const id = largeId(i + 1, 9);
    const student = rnd.int(size.students);
    const minutesAgo = Math.floor(((size.queries - i) * size.schoolDays * 24 * 60) / size.queries) + 3;
    const solved = rnd.next() >= 0.4;
    const solution =
      q.solution ?? 'Please see your mentor during office hours; they will walk you through it.';
    await w.add(
      id,
      LARGE_LOGIN.firstRollNo + student,
      `${q.topic} #${i + 1}`,
      q.description,
      solved ? solution : null,
      solved ? teacherAccount(rnd.int(size.teachers)) : null,
      solved ? at(0, Math.max(1, minutesAgo - 60)) : null,
      0,
      at(0, minutesAgo),
    );
    const tagCount = 1 + rnd.int(3);
    const first = rnd.int(tagPool.length);
    for (let p = 0; p < tagCount; p++) {
      await tags.add(id, p, tagPool[(first + p) % tagPool.length]!);
      s.counts.queryTags++;
    }
  }
  await w.flush();
  s.phase('query_tags');
  await tags.flush();
}
