/** Syllabus entries: all the SQL of the syllabus domain. Topics are stored as JSON text. */
import { sql } from 'kysely';
import type { SearchPageQuery, Syllabus } from '@campus/contract';
import type { Db } from '../../db/index';
import { newId, nowIso } from '../../lib/ids';
import { containsPattern } from '../../lib/like';
import { listPage, mapItems, type Listed } from '../../lib/lists';

export interface NewSyllabus {
  courseName: string;
  semester: string;
  topics: string[];
}

function parseTopics(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function syllabusRepository(db: Db) {
  return {
    /** By course name then semester; `search` matches inside the course name, ignoring case. */
    async list({ search, limit, offset }: SearchPageQuery, executor: Db = db): Promise<Listed<Syllabus>> {
      let query = executor
        .selectFrom('syllabus')
        .select(['id', 'course_name', 'semester', 'topics'])
        .orderBy(sql`lower(course_name)`)
        .orderBy('course_name')
        .orderBy('semester')
        .orderBy('id');
      if (search) {
        query = query.where(sql<boolean>`lower(course_name) like ${containsPattern(search)} escape '\\'`);
      }
      return mapItems(await listPage(query, { limit, offset }), (r) => ({
        _id: r.id,
        courseName: r.course_name,
        semester: r.semester,
        topics: parseTopics(r.topics),
      }));
    },

    async create(createdBy: string, input: NewSyllabus, executor: Db = db): Promise<Syllabus> {
      const id = newId();
      await executor
        .insertInto('syllabus')
        .values({
          id,
          course_name: input.courseName,
          semester: input.semester,
          topics: JSON.stringify(input.topics),
          created_by: createdBy,
          created_at: nowIso(),
        })
        .execute();
      return { _id: id, ...input };
    },
  };
}

export type SyllabusRepository = ReturnType<typeof syllabusRepository>;
