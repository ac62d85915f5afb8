/**
 * A guardian's own choices (decision record 0093): per child and per kind of news, at once, in one
 * daily digest for all their children, or not at all; the mails of notices meant for guardians and
 * of a child's leave decided; and the guardians' digests.
 */
import {
  DEFAULT_GUARDIAN_MODES,
  GUARDIAN_MAIL_KINDS,
  PATHS,
  type GuardianMailKind,
  type GuardianModes,
  type GuardianNotificationSettings,
  type Language,
  type MailMode,
  type NoticeAudienceKind,
} from '@campus/contract';
import { inChunks } from '../../lib/chunks';
import { newId } from '../../lib/ids';
import { knownLanguage } from '../language/routes';
import { iso, type MailContext } from './context';
import { GUARDIAN_WORDS } from './guardian-words';

export interface GuardianRecipient {
  accountId: string;
  name: string;
  email: string;
  language: Language;
}

/** Of a guardian's choices for the children some news concerns, the one that tells soonest. */
const RANK: Record<MailMode, number> = { now: 2, digest: 1, off: 0 };
const strongest = (modes: MailMode[]): MailMode =>
  modes.reduce<MailMode>((best, m) => (RANK[m] > RANK[best] ? m : best), 'off');

export function guardianNews(ctx: MailContext, digestHour: number) {
  const { db, now } = ctx;

  /** Active guardians among `accountIds` whose address did not unsubscribe, by account id. */
  async function recipients(accountIds: readonly string[]): Promise<Map<string, GuardianRecipient>> {
    const found = new Map<string, GuardianRecipient>();
    await inChunks([...new Set(accountIds)], async (chunk) => {
      const rows = await db
        .selectFrom('guardians as g')
        .innerJoin('accounts as a', 'a.id', 'g.account_id')
        .leftJoin('guardian_optouts as o', 'o.address', 'g.email')
        .select(['a.id', 'g.name', 'g.email', 'a.language'])
        .where('a.id', 'in', chunk)
        .where('a.deactivated_at', 'is', null)
        .where('a.erased_at', 'is', null)
        .where('o.address', 'is', null)
        .execute();
      for (const r of rows)
        found.set(r.id, {
          accountId: r.id,
          name: r.name,
          email: r.email,
          language: knownLanguage(r.language),
        });
    });
    return found;
  }

  /** What each of these guardians chose for `kind`, per child (`account id|roll number`). */
  async function chosenModes(accountIds: readonly string[], kind: GuardianMailKind) {
    const chosen = new Map<string, MailMode>();
    await inChunks([...accountIds], async (chunk) => {
      const rows = await db
        .selectFrom('guardian_mail_modes')
        .select(['guardian_account_id', 'roll_no', 'mode'])
        .where('kind', '=', kind)
        .where('guardian_account_id', 'in', chunk)
        .execute();
      for (const r of rows) chosen.set(`${r.guardian_account_id}|${r.roll_no}`, r.mode as MailMode);
    });
    return chosen;
  }

  /** Each guardian's mode for `kind`, the soonest over the children (`rollNos` by guardian) it concerns. */
  async function modesFor(children: Map<string, number[]>, kind: GuardianMailKind) {
    const chosen = await chosenModes([...children.keys()], kind);
    const modes = new Map<string, MailMode>();
    for (const [accountId, rollNos] of children)
      modes.set(
        accountId,
        strongest(rollNos.map((r) => chosen.get(`${accountId}|${r}`) ?? DEFAULT_GUARDIAN_MODES[kind])),
      );
    return modes;
  }

  /** Keeps news for the guardian's next digest. */
  async function keep(accountId: string, kind: GuardianMailKind, text: string): Promise<void> {
    await db
      .insertInto('guardian_digest_items')
      .values({
        id: newId(),
        guardian_account_id: accountId,
        kind,
        text,
        created_at: iso(now()),
        mail_id: null,
      })
      .execute();
  }

  const footer = (who: GuardianRecipient) => {
    const words = GUARDIAN_WORDS[who.language];
    return [
      '--',
      words.why,
      words.change(`${ctx.publicUrl}${PATHS.guardian.settings}`),
      words.stop(ctx.unsubscribeUrl({ type: 'guardian', address: who.email })),
    ].join('\n');
  };

  /** Mails the news at once, kept for the digest, or nothing, as each guardian chose. */
  async function tell(
    children: Map<string, number[]>,
    kind: GuardianMailKind,
    write: (who: GuardianRecipient) => { subject: string; item: string; body: string },
  ): Promise<void> {
    const { queue } = ctx;
    if (children.size === 0) return;
    const [people, modes] = await Promise.all([recipients([...children.keys()]), modesFor(children, kind)]);
    const atOnce = [...children.keys()].filter((id) => modes.get(id) === 'now');
    // Only a guardian's own child is named in the link: one child, or none (a notice).
    const only = kind === 'notices' ? [] : [...new Set([...children.values()].flat())];
    await ctx.pushGuardians?.({
      accountIds: atOnce,
      kind,
      ...(only.length === 1 ? { rollNo: only[0] } : {}),
    });
    // Pushed to those who chose it at once, with or without mail; the rest is mail's.
    if (!queue) return;
    for (const [accountId, who] of people) {
      const mode = modes.get(accountId) ?? 'off';
      if (mode === 'off') continue;
      const { subject, item, body } = write(who);
      if (mode === 'digest') {
        await keep(accountId, kind, item);
        continue;
      }
      await queue.enqueue({
        to: who.email,
        subject,
        text: `${GUARDIAN_WORDS[who.language].hello(who.name)}\n\n${body}\n\n${footer(who)}\n`,
        kind: `guardian.${kind}`,
        unsubscribeUrl: ctx.unsubscribeUrl({ type: 'guardian', address: who.email }),
      });
    }
  }

  /** The guardians a notice is for, each with the children through whom it reaches them. */
  async function noticeReaders(audience: NoticeAudienceKind, groups: readonly string[]) {
    if (audience !== 'guardians' && audience !== 'guardianGroups') return new Map<string, number[]>();
    let query = db
      .selectFrom('guardian_links as l')
      .innerJoin('students as s', 's.roll_no', 'l.roll_no')
      .select(['l.guardian_account_id', 'l.roll_no']);
    if (audience === 'guardianGroups') {
      if (groups.length === 0) return new Map<string, number[]>();
      query = query.where('s.group_name', 'in', [...groups]);
    }
    const children = new Map<string, number[]>();
    for (const r of await query.execute())
      children.set(r.guardian_account_id, [...(children.get(r.guardian_account_id) ?? []), r.roll_no]);
    return children;
  }

  return {
    /** A notice started: the guardians it is for are told as they chose. */
    async noticeStarted(notice: { title: string; audience: NoticeAudienceKind; groups: readonly string[] }) {
      const children = await noticeReaders(notice.audience, notice.groups);
      await tell(children, 'notices', (who) => {
        const words = GUARDIAN_WORDS[who.language];
        return {
          subject: words.noticeSubject(notice.title),
          item: words.noticeItem(notice.title),
          body: `${words.noticeItem(notice.title)}\n\n${words.open(`${ctx.publicUrl}${PATHS.guardian.notices}`)}`,
        };
      });
    },

    /** A student's leave was decided: their linked guardians are told of the latest decision. */
    async leaveDecided(studentAccountId: string) {
      const leave = await db
        .selectFrom('leave_applications as l')
        .innerJoin('students as s', 's.roll_no', 'l.roll_no')
        .select(['s.roll_no', 's.name', 'l.from_date', 'l.to_date', 'l.status'])
        .where('s.account_id', '=', studentAccountId)
        .where('l.decided_at', 'is not', null)
        .orderBy('l.decided_at', 'desc')
        .executeTakeFirst();
      if (!leave || (leave.status !== 'approved' && leave.status !== 'rejected')) return;
      const status = leave.status;
      const links = await db
        .selectFrom('guardian_links')
        .select('guardian_account_id')
        .where('roll_no', '=', leave.roll_no)
        .execute();
      const children = new Map(links.map((l) => [l.guardian_account_id, [leave.roll_no]]));
      await tell(children, 'leave', (who) => {
        const text = GUARDIAN_WORDS[who.language].leaveDecided(
          leave.name,
          leave.from_date,
          leave.to_date,
          status,
        );
        return { subject: text, item: text, body: text };
      });
    },

    /**
     * Children's news of `kind` for the guardian accounts linked to each: answers the pairs to mail
     * at once (`account id|roll number`); the others' news is kept for the digest or dropped, as each
     * chose. One read of the choices for all of them.
     */
    async sortLinked(
      children: readonly {
        rollNo: number;
        accounts: readonly string[];
        /** The news in the guardian's language, for their digest. */
        item: (accountId: string) => string;
      }[],
      kind: GuardianMailKind,
    ) {
      const atOnce = new Set<string>();
      const linked = children.filter((c) => c.accounts.length > 0);
      if (linked.length === 0) return atOnce;
      const chosen = await chosenModes([...new Set(linked.flatMap((c) => c.accounts))], kind);
      for (const { rollNo, accounts, item } of linked) {
        const now: string[] = [];
        for (const accountId of accounts) {
          const mode = chosen.get(`${accountId}|${rollNo}`) ?? DEFAULT_GUARDIAN_MODES[kind];
          if (mode === 'now') now.push(accountId);
          else if (mode === 'digest' && ctx.queue) await keep(accountId, kind, item(accountId));
        }
        for (const accountId of now) atOnce.add(`${accountId}|${rollNo}`);
        await ctx.pushGuardians?.({ accountIds: now, kind, rollNo });
      }
      return atOnce;
    },

    /** A guardian's choices for each of their children. */
    async settingsOf(accountId: string): Promise<GuardianNotificationSettings> {
      const [children, rows, who] = await Promise.all([
        db
          .selectFrom('guardian_links as l')
          .innerJoin('students as s', 's.roll_no', 'l.roll_no')
          .select(['s.roll_no', 's.name'])
          .where('l.guardian_account_id', '=', accountId)
          .orderBy('s.name')
          .execute(),
        db
          .selectFrom('guardian_mail_modes')
          .select(['roll_no', 'kind', 'mode'])
          .where('guardian_account_id', '=', accountId)
          .execute(),
        db.selectFrom('guardians').select('email').where('account_id', '=', accountId).executeTakeFirst(),
      ]);
      return {
        emailEnabled: ctx.enabled,
        address: who?.email ?? '',
        children: children.map((c) => {
          const modes: GuardianModes = { ...DEFAULT_GUARDIAN_MODES };
          for (const r of rows)
            if (r.roll_no === c.roll_no && (GUARDIAN_MAIL_KINDS as readonly string[]).includes(r.kind))
              modes[r.kind as GuardianMailKind] = r.mode as MailMode;
          return { rollNo: c.roll_no, name: c.name, modes };
        }),
      };
    },

    async setModes(accountId: string, rollNo: number, modes: Partial<GuardianModes>): Promise<void> {
      for (const kind of GUARDIAN_MAIL_KINDS) {
        const mode = modes[kind];
        if (!mode) continue;
        await db
          .insertInto('guardian_mail_modes')
          .values({ guardian_account_id: accountId, roll_no: rollNo, kind, mode })
          .onConflict((oc) => oc.columns(['guardian_account_id', 'roll_no', 'kind']).doUpdateSet({ mode }))
          .execute();
      }
    },

    /** Gathers each guardian's waiting news, of all their children, into one mail a day. */
    async runDigests(): Promise<number> {
      const { queue } = ctx;
      if (!queue) return 0;
      const t = now();
      if (new Date(t).getUTCHours() < digestHour) return 0;
      const day = iso(t).slice(0, 10);
      const waiting = await db
        .selectFrom('guardian_digest_items')
        .select('guardian_account_id')
        .distinct()
        .where('mail_id', 'is', null)
        .execute();
      const people = await recipients(waiting.map((w) => w.guardian_account_id));
      let queued = 0;
      for (const who of people.values()) {
        const sent = await db.transaction().execute(async (trx) => {
          const items = await trx
            .selectFrom('guardian_digest_items')
            .select(['id', 'kind', 'text', 'created_at'])
            .where('guardian_account_id', '=', who.accountId)
            .where('mail_id', 'is', null)
            .orderBy('created_at')
            .execute();
          if (items.length === 0) return false;
          const words = GUARDIAN_WORDS[who.language];
          const lines = GUARDIAN_MAIL_KINDS.flatMap((kind) => {
            const of = items.filter((i) => i.kind === kind);
            if (of.length === 0) return [];
            const at = (i: { created_at: string }) => i.created_at.slice(0, 16).replace('T', ' ');
            return [`${words.kinds[kind]}:`, ...of.map((i) => `- ${i.text} (${at(i)} UTC)`), ''];
          });
          const id = await queue.enqueue(
            {
              to: who.email,
              subject: words.digestSubject(items.length),
              text: `${words.hello(who.name)}\n\n${words.digestIntro}\n\n${lines.join('\n')}\n${words.open(`${ctx.publicUrl}${PATHS.guardian.home}`)}\n\n${footer(who)}\n`,
              kind: 'guardian.digest',
              unsubscribeUrl: ctx.unsubscribeUrl({ type: 'guardian', address: who.email }),
              dedupeKey: `guardian-digest:${who.accountId}:${day}`,
            },
            trx,
          );
          if (!id) return false;
          await trx
            .updateTable('guardian_digest_items')
            .set({ mail_id: id })
            .where(
              'id',
              'in',
              items.map((i) => i.id),
            )
            .execute();
          return true;
        });
        if (sent) queued += 1;
      }
      return queued;
    },
  };
}

export type GuardianNews = ReturnType<typeof guardianNews>;
