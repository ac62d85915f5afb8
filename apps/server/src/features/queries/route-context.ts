/** What the queries routes share: the repository, the student cards, and how a reader is named. */
import type { Query } from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import { menteeRows } from '../../db/mentees';
import { studentCards } from '../people/cards';
import { principalOf } from '../../plugins/access';
import type { FeatureDeps } from '../deps';
import { queryRepository } from './repository';
import type { Reader } from './rows';

export const TAGS = ['queries'];

export function routeContext({ db, dialect, cache, notify, audit }: FeatureDeps) {
  const queries = queryRepository(
    db,
    dialect,
    (read, load, outside) => cache.get(read, load, outside),
    menteeRows(db, cache),
    cache,
  );
  const cardOf = studentCards(db, cache);

  const readerOf = (request: FastifyRequest): Reader => {
    const { accountId, role, rollNo } = principalOf(request);
    return { accountId, role, rollNo };
  };

  /**
   * Staff were shown who asked anonymous questions: the log keeps who saw which (one entry per answer
   * that showed any). Students are never shown another's, so nothing is recorded for them.
   */
  const auditReveal = async (request: FastifyRequest, shown: readonly Query[]): Promise<void> => {
    const { role, loginId, rollNo } = principalOf(request);
    if (role === 'student') return;
    const revealed = shown.filter((q) => q.anonymous && q.rollNo !== rollNo);
    if (revealed.length === 0) return;
    await audit.record({
      kind: 'query.reveal',
      actorLoginId: loginId,
      actorRole: role,
      target: revealed
        .slice(0, 5)
        .map((q) => q._id)
        .join(' '),
      detail: `Shown the askers of ${revealed.length} anonymous ${revealed.length === 1 ? 'query' : 'queries'}: roll ${[
        ...new Set(revealed.map((q) => q.rollNo)),
      ]
        .slice(0, 10)
        .join(', ')}`,
    });
  };

  return { queries, cardOf, notify, readerOf, auditReveal };
}

export type RouteContext = ReturnType<typeof routeContext>;
