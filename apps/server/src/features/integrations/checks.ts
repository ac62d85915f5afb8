/** What access control asks of integrations (plugins/api-client-access.ts): find, budget, trace. */
import type { Db } from '../../db/index';
import type { LimitsRepository } from '../../db/rate-limits';
import { clientKey } from '../../lib/client-address';
import { tooMany } from '../../lib/errors';
import type { IntegrationChecks } from '../../plugins/api-client-access';
import { findLiveClient, recordClientUse, touchClient } from './usage';

const BUDGET_WINDOW_MS = 60_000;
/** Last used is kept to the minute: a busy token does not write its row on every request. */
const LAST_USED_EVERY_MS = 60_000;

export function integrationChecks(deps: {
  db: Db;
  limits: LimitsRepository;
  now: () => number;
}): IntegrationChecks {
  const { db, limits, now } = deps;
  return {
    find: (token) => findLiveClient(db, token, now()),

    // Counted in the counters every instance shares, apart from any person's write allowance.
    async spend(client) {
      const key = `api-client:${client.id}`;
      const t = now();
      const counter = (await limits.hit([{ key, windowMs: BUDGET_WINDOW_MS }], t)).get(key)!;
      if (counter.hits <= client.perMinute) return;
      throw tooMany(
        `This integration may make ${client.perMinute} requests a minute.`,
        (counter.windowStart + BUDGET_WINDOW_MS - t) / 1000,
      );
    },

    async used(client, request, status) {
      const t = now();
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      const stale = client.lastUsedAt === null || Date.parse(client.lastUsedAt) <= t - LAST_USED_EVERY_MS;
      await Promise.all([
        recordClientUse(db, {
          clientId: client.id,
          name: client.name,
          loginId: client.loginId,
          route,
          status,
          address: clientKey(request.ip),
          now: t,
        }),
        stale ? touchClient(db, client.id, new Date(t).toISOString()) : undefined,
      ]);
    },
  };
}
