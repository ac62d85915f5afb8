/**
 * What happens after a change that people should hear of: the notifications it writes (the bell
 * and the inbox) and the live updates it sends (the lists that changed, for whom). A failure here
 * is logged and never undoes the change itself, which was already saved.
 */
import {
  itemLink,
  PATHS,
  ROLES,
  type GatePass,
  type Language,
  type Query,
  type Role,
} from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index';
import type { LiveEvents } from '../../db/live-events';
import type { ReadCache } from '../../db/read-cache';
import { campusDay } from '../../lib/campus-day';
import { inChunks } from '../../lib/chunks';
import { languagesOf } from '../language/of-accounts';
import { knownLanguage } from '../language/routes';
import type { MailService } from '../mail/service';
import { DECISION_WORDS, localeFor } from '../mail/words';
import { NOTE_WORDS, type NoteWords } from '../mail/words-notes';
import type { PushService } from '../push/service';
import type { StartedNotice } from '../notices/repository';
import { notificationKeys } from './cache-keys';
import { notificationRepository, type NewNotification } from './repository';

/** What a pass's student is told of its decision. */
function decisionNote(
  pass: GatePass,
  day: (iso: string, language: Language) => string,
  language: Language,
): NewNotification {
  // In the student's language (decision record 0090); the English words are the spec's.
  const words = DECISION_WORDS[language];
  const when = day(pass.date, language);
  const by = pass.decidedBy ?? null;
  const text =
    pass.approvedStatus === 'approved'
      ? words.approved(when, by)
      : words.rejected(when, by, pass.rejectReason ?? null);
  return { kind: 'gatepass.decided', text, link: itemLink(PATHS.student.gatepass, 'gatepass', pass._id) };
}

export function notifier(
  db: Db,
  live: LiveEvents,
  log: FastifyBaseLogger,
  mail?: MailService,
  locale?: string,
  cache?: ReadCache,
  push?: PushService,
) {
  const day = (iso: string) => campusDay(iso, locale);
  /** A day as the campus reads it, in `language`: "5 Dec 2031", "5 दिस॰ 2031". */
  const dayIn = (iso: string, language: Language) =>
    language === 'en' ? day(iso) : campusDay(iso, localeFor(language, locale));
  /** A group's mentors: from memory while no group's mentors change (the read cache, when given). */
  const mentorsOf = async (group: string): Promise<string[]> => {
    const load = async () =>
      (
        await db
          .selectFrom('teacher_groups')
          .select('teacher_account_id')
          .where('group_name', '=', group)
          .orderBy('teacher_account_id')
          .execute()
      ).map((m) => m.teacher_account_id);
    return cache ? cache.get(notificationKeys.mentorsOf(group), load, cache.outside()) : load();
  };
  // The mails a notification brings are queued after it is written; a failure there is only logged.
  const notes = notificationRepository(
    db,
    (mail || push) &&
      (async (items) => {
        if (mail) {
          try {
            await mail.notified(items);
            void mail.deliverSoon();
          } catch (err) {
            log.error({ err }, 'The emails of a notification could not be queued');
          }
        }
        // Push messages of the devices that take each kind (decision record 0088).
        if (push) {
          try {
            if ((await push.notified(items)) > 0) push.deliverSoon();
          } catch (err) {
            log.error({ err }, 'The push messages of a notification could not be queued');
          }
        }
      }),
  );
  const safely =
    <A extends unknown[]>(work: (...args: A) => Promise<void> | void) =>
    async (...args: A): Promise<void> => {
      try {
        await work(...args);
      } catch (err) {
        log.error({ err }, 'A notification could not be written');
      }
    };

  /** One notification for each account, written in that person's language (decision record 0090). */
  const addInLanguages = async (
    accountIds: readonly string[],
    make: (words: NoteWords, language: Language) => NewNotification,
  ) => {
    const languages = await languagesOf(db, accountIds, cache);
    await notes.addEach(
      [...new Set(accountIds)].map((accountId) => {
        const language = languages.get(accountId) ?? 'en';
        return { accountId, notification: make(NOTE_WORDS[language], language) };
      }),
    );
  };

  /** Each student's account and language, read in the one query (decision record 0090). */
  const studentAccounts = async (rollNos: readonly number[]) => {
    const accounts = new Map<number, { id: string; language: Language }>();
    await inChunks([...new Set(rollNos)], async (chunk) => {
      const rows = await db
        .selectFrom('students as s')
        .innerJoin('accounts as a', 'a.id', 's.account_id')
        .select(['s.roll_no', 's.account_id', 'a.language'])
        .where('s.roll_no', 'in', chunk)
        .execute();
      for (const row of rows)
        accounts.set(row.roll_no, { id: row.account_id, language: knownLanguage(row.language) });
    });
    return accounts;
  };

  /**
   * `studentAccounts` of students of one group: from memory, the group's accounts kept while no
   * student changes, and their languages (`languagesOf`) while no account does.
   */
  const groupAccounts = async (group: string, rollNos: readonly number[]) => {
    if (!cache) return studentAccounts(rollNos);
    const ofGroup = await cache.get(notificationKeys.accountsOf(group), async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('students')
            .select(['roll_no', 'account_id'])
            .where('group_name', '=', group)
            .execute()
        ).map((row) => [row.roll_no, row.account_id]),
      ),
    );
    const ids = rollNos.flatMap((rollNo) => {
      const id = ofGroup[rollNo];
      return id === undefined ? [] : [[rollNo, id] as const];
    });
    const languages = await languagesOf(
      db,
      ids.map(([, id]) => id),
      cache,
    );
    return new Map(ids.map(([rollNo, id]) => [rollNo, { id, language: languages.get(id) ?? 'en' }]));
  };

  const studentAccount = async (rollNo: number) =>
    (await db.selectFrom('students').select('account_id').where('roll_no', '=', rollNo).executeTakeFirst())
      ?.account_id;

  return {
    /** A day as the campus reads it, for the texts of notifications written elsewhere. */
    day,
    /** A day as the campus reads it in a person's language. */
    dayIn,
    /** Notifications written elsewhere, each in its person's language; nothing more is told. */
    addInLanguages,
    /**
     * A student applies: their mentors' notifications, for the pass to write with itself (one
     * statement: they land together or not at all); `told` once it has, which queues their mail and
     * tells every staff list of passes.
     */
    gatePassRequestNotes: async (pass: GatePass) => {
      const mentors = await mentorsOf(pass.group);
      // Each mentor's in their language (decision record 0090), still written with the pass.
      const languages = await languagesOf(db, mentors, cache);
      const link = itemLink(PATHS.teacher.gatepass, 'gatepass', pass._id);
      const prepared = notes.prepare(mentors, (accountId) => ({
        kind: 'gatepass.requested',
        text: NOTE_WORDS[languages.get(accountId) ?? 'en'].gatePassRequested(pass.name),
        link,
      }));
      return {
        ...prepared,
        told: safely(async () => {
          live.publish({ accounts: [...prepared.accountIds] }, ['notifications']);
          live.publish({ roles: ['teacher', 'admin'] }, ['gatepasses']);
          await prepared.written();
        }),
      };
    },

    /**
     * A teacher decided one pass or many: each pass's student is told, with the reason of a
     * rejection; the notifications of many passes are written in one statement.
     */
    gatePassDecided: safely(async (decided: GatePass | readonly GatePass[]) => {
      const passes: readonly GatePass[] = 'rollNo' in decided ? [decided] : decided;
      if (passes.length === 0) return;
      const accounts = await studentAccounts(passes.map((p) => p.rollNo));
      const told = passes.flatMap((pass) => {
        const account = accounts.get(pass.rollNo);
        return account
          ? [{ accountId: account.id, notification: decisionNote(pass, dayIn, account.language) }]
          : [];
      });
      if (told.length > 0) {
        await notes.addEach(told);
        live.publish({ accounts: [...new Set(told.map((t) => t.accountId))] }, [
          'gatepasses',
          'notifications',
        ]);
      }
      live.publish({ roles: ['teacher', 'admin'] }, ['gatepasses']);
    }),

    /** A pass went out, came back, was revoked or withdrawn: its student's lists and the staff's changed. */
    gateMoved: safely((studentAccountId: string | undefined) => {
      if (studentAccountId) live.publish({ accounts: [studentAccountId] }, ['gatepasses']);
      live.publish({ roles: ['teacher', 'admin', 'guard'] }, ['gatepasses', 'stats']);
    }),

    /** A student is out past their return time: their mentors are told, once per pass. */
    gatePassOverdue: safely(async (pass: { name: string; group: string; due: string }) => {
      const ids = await mentorsOf(pass.group);
      await addInLanguages(ids, (words) => ({
        kind: 'gatepass.overdue',
        text: words.overdue(pass.name, pass.group, pass.due),
        link: PATHS.teacher.movements,
      }));
      live.publish({ accounts: ids }, ['notifications', 'gatepasses']);
      live.publish({ roles: ['admin'] }, ['stats', 'gatepasses']);
    }),

    /**
     * Students whose standing in a course worsened (timetable/risk-alerts.ts): each is told, and
     * their guardian as the campus's guardian setting says, each in their language when the alert
     * was written in each (`texts`), else in English.
     */
    courseRisk: safely(
      async (
        group: string,
        alerts: readonly { rollNo: number; text: string; texts?: Record<Language, string> }[],
      ) => {
        if (alerts.length === 0) return;
        // The group's accounts and their languages from memory, and one write of the notifications,
        // however many students it tells; each in their language (decision record 0090).
        const accounts = await groupAccounts(
          group,
          alerts.map((a) => a.rollNo),
        );
        const told = alerts.flatMap((alert) => {
          const account = accounts.get(alert.rollNo);
          return account ? [{ alert, account }] : [];
        });
        // The students' notifications and their guardians' news are written side by side.
        await Promise.all([
          notes
            .addEach(
              told.map(({ alert, account }) => ({
                accountId: account.id,
                notification: {
                  kind: 'attendance.risk',
                  text: alert.texts?.[account.language] ?? alert.text,
                  link: PATHS.student.attendance,
                },
              })),
            )
            .then(() => live.publish({ accounts: told.map(({ account }) => account.id) }, ['notifications'])),
          mail?.notifyGuardians(
            'attendanceBelowWarning',
            told.map(({ alert }) => ({ rollNo: alert.rollNo, details: alert.texts ?? alert.text })),
          ),
        ]);
      },
    ),

    /** A query was asked, hidden or shown again: the boards changed for everyone. */
    queriesChanged: safely(() => {
      live.publish({ roles: ROLES }, ['queries']);
      live.publish({ roles: ['admin'] }, ['stats']);
    }),

    /** A teacher answered: the student who asked is told. */
    queryAnswered: safely(async (query: Query) => {
      const account = await studentAccount(query.rollNo);
      if (account) {
        await addInLanguages([account], (words) => ({
          kind: 'query.answered',
          text: words.queryAnswered(query.topic),
          link: itemLink(PATHS.student.queries, 'query', query._id),
        }));
        live.publish({ accounts: [account] }, ['notifications']);
      }
      live.publish({ roles: ROLES }, ['queries']);
    }),

    /**
     * A notice has started (posted now, or its scheduled start came): the lists of the people it is
     * for changed. A mentor notice is also told to the students of its author's groups that it is
     * for, and a notice or event for groups to those groups' students.
     */
    noticeStarted: safely(async (notice: StartedNotice) => {
      const { audience, groups, authorId } = notice;
      let studentGroups: string[] = [];
      if (notice.type === 'mentorNotice') {
        const own = (
          await db
            .selectFrom('teacher_groups')
            .select('group_name')
            .where('teacher_account_id', '=', authorId)
            .execute()
        ).map((g) => g.group_name);
        if (audience === 'all' || audience === 'students') studentGroups = own;
        else if (audience === 'groups') studentGroups = own.filter((g) => groups.includes(g));
      } else if (audience === 'groups') {
        studentGroups = groups;
      }
      if (studentGroups.length > 0) {
        const students = await db
          .selectFrom('students')
          .select('account_id')
          .where('group_name', 'in', studentGroups)
          .execute();
        await addInLanguages(
          students.map((s) => s.account_id),
          (words): NewNotification =>
            notice.type === 'mentorNotice'
              ? {
                  kind: 'notice.mentor',
                  text: words.mentorNotice(notice.authorName ?? null),
                  link: PATHS.student.home,
                }
              : {
                  kind: 'notice.posted',
                  text: words.noticePosted(notice.title),
                  // The tab that lists it, newest first.
                  link: `${PATHS.student.home}?tab=${notice.type}`,
                },
        );
        live.publish({ studentGroups }, ['notifications']);
      }
      const roles: Role[] =
        audience === 'all'
          ? [...ROLES]
          : audience === 'students'
            ? ['student', 'admin']
            : audience === 'teachers'
              ? ['teacher', 'admin']
              : ['admin'];
      // A mentor notice reaches its author's groups only: other students' lists do not change.
      const listRoles = notice.type === 'mentorNotice' ? roles.filter((r) => r !== 'student') : roles;
      const mentees = notice.type === 'mentorNotice' ? studentGroups : groups;
      live.publish(
        audience === 'groups' || notice.type === 'mentorNotice'
          ? { roles: listRoles, accounts: [authorId], studentGroups: mentees, mentorsOf: mentees }
          : { roles, accounts: [authorId] },
        ['notices'],
      );
      live.publish({ roles: ['admin'] }, ['stats']);
      // A notice for guardians is mailed to them as each chose (decision record 0093).
      if (mail && (audience === 'guardians' || audience === 'guardianGroups')) {
        await mail.guardianNoticeStarted(notice);
        void mail.deliverSoon();
      }
    }),

    /** A notice was scheduled: only its author's and the admins' lists show it yet. */
    noticeScheduled: safely((authorId: string) => {
      live.publish({ roles: ['admin'], accounts: [authorId] }, ['notices']);
      live.publish({ roles: ['admin'] }, ['stats']);
    }),

    /** Someone used the support form: every admin is told. */
    supportReceived: safely(async (name: string) => {
      const admins = await db.selectFrom('admins').select('account_id').execute();
      await addInLanguages(
        admins.map((a) => a.account_id),
        (words) => ({ kind: 'support.received', text: words.supportReceived(name), link: PATHS.admin.help }),
      );
      live.publish({ roles: ['admin'] }, ['notifications', 'stats']);
    }),
  };
}

export type Notifier = ReturnType<typeof notifier>;
