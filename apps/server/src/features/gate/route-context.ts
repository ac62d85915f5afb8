/** What the gate's routes share: the repositories, the signing key and the scan every move rests on. */
import { ErrorSchema } from '@campus/contract';
import type { FeatureDeps } from '../deps';
import { gatePassRepository } from '../gatepasses/repository';
import { gateKeys } from './keys';
import { gateRepository } from './repository';
import { gateScanner } from './scan';

export const TAGS = ['gate'];
export const GATE_STAFF = ['guard', 'admin'] as const;
export const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export function routeContext(deps: FeatureDeps) {
  const { db, now } = deps;
  const zone = () => deps.clock.zone();
  const gate = gateRepository(db, now, zone, deps.webhooks);
  const keys = gateKeys(db);
  return {
    deps,
    gate,
    keys,
    passes: gatePassRepository(db, deps.dialect, now, zone),
    scanner: gateScanner(gate, keys, now),
  };
}

export type RouteContext = ReturnType<typeof routeContext>;
