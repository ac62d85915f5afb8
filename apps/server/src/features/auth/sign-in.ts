/**
 * Password checks that hold under abuse (decision record 0011). Every attempt is counted, in
 * counters all instances share, before its password is verified, so a burst of parallel guesses
 * cannot all be checked; attempts for one User ID are verified one at a time in this process; and
 * hashing goes through a bounded queue so a flood cannot starve other requests.
 *
 * Failures are counted per User ID and client together, per client and per User ID. A client that
 * has signed in to a User ID before is judged by its own failures only, and waits longer after each
 * one instead of being locked out, so that nobody can lock another person out from elsewhere.
 *
 * Record 0024: a refusal's hold is waited out after leaving the User ID's line, a known client has a
 * line of its own, an account with an unused one-time password is not locked per account, every
 * refusal does the same work, and a malformed request counts and waits like a wrong password.
 */
import { setTimeout } from 'node:timers/promises';
import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@campus/contract';
import { forbidden, HttpError, tooMany, unauthorized } from '../../lib/errors';
import type { WorkQueue } from '../../lib/work-queue';
import type { AuditRepository } from '../audit/repository';
import type { Counter, LimitsRepository } from '../../db/rate-limits';
import { checkSignInPassword, prepareSignInChecks, verifyPassword } from '../../lib/passwords';
import type { AuthRepository } from './repository';

export interface SignInLimits {
  /** Failures one client may make for one User ID per window before it must wait. */
  perPair: number;
  /** Failures one client may make per window, whatever the User IDs, unless it is known for them. */
  perClient: number;
  /** Failures per window for one User ID from all clients it has never signed in from. */
  perUser: number;
  windowMs: number;
  /** The longest a known client waits after a failure. */
  maxDelayMs: number;
  /** How long a successful sign-in makes a client known for that User ID. */
  knownForMs: number;
  /**
   * How long a refusal is held before it is answered. A flooding client waits for each answer on
   * each of its connections, so it sends far fewer requests, and others' requests and files are
   * not queued behind its refusals.
   */
  refusalDelayMs: number;
}

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perPair: LOGIN_MAX_FAILURES,
  perClient: 30,
  perUser: 10,
  windowMs: WINDOW_MS,
  maxDelayMs: WINDOW_MS,
  knownForMs: 90 * 24 * 3_600_000,
  refusalDelayMs: 1000,
};

const INVALID_CREDENTIALS = 'Invalid User ID or password';
const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts.';
const TOO_MANY_PASSWORDS = 'Too many wrong current passwords.';
export const ACCOUNT_DEACTIVATED =
  'This account has been deactivated. Please contact the campus office if you need it again.';

type Scope = 'pair' | 'client' | 'user';
interface Refusal {
  scope: Scope;
  /** When the client may try again, in ms since the epoch. */
  until: number;
}

interface Keys {
  pair: string;
  client: string;
  user: string;
  known: string;
}

const keysOf = (subject: string, client: string): Keys => ({
  pair: `signin:pair:${subject}:${client}`,
  client: `signin:client:${client}`,
  user: `signin:user:${subject}`,
  known: `signin:known:${subject}:${client}`,
});

export interface SignInDeps {
  auth: AuthRepository;
  limits: LimitsRepository;
  audit: AuditRepository;
  hashing: WorkQueue;
  now: () => number;
  settings?: SignInLimits;
  /** Waits out a refusal's hold (a timer; tests pass one they release themselves). */
  hold?: (ms: number) => Promise<unknown>;
}

/** What an attempt came to inside its line; any wait it owes is spent after leaving it. */
type Outcome = { valid: boolean } | { refused: Refusal; at: number } | { busy: unknown };

export function signInService(deps: SignInDeps) {
  const { limits, audit, hashing, now } = deps;
  const settings = deps.settings ?? DEFAULT_SIGN_IN_LIMITS;
  const verifying = new Map<string, Promise<void>>();
  const hold = deps.hold ?? ((ms: number) => setTimeout(ms));
  // The dummy hash is made now, so the first unknown User ID does not take longer than the others.
  prepareSignInChecks().catch(() => {});

  /** The wait a known client owes after `failures` failures in a row. */
  const delayAfter = (failures: number) =>
    failures < settings.perPair
      ? 0
      : Math.min(settings.maxDelayMs, 1000 * 2 ** (failures - settings.perPair));

  const live = (counter: Counter | undefined, t: number) =>
    counter && counter.windowStart + settings.windowMs > t ? counter : undefined;

  /**
   * Whether an attempt must be refused. `counted` says whether the counters already include it:
   * then it is refused when it went over a limit; before counting, when a limit is already reached.
   */
  function refusal(
    counters: Map<string, Counter>,
    keys: Keys,
    known: boolean,
    t: number,
    counted: boolean,
    perUser: number,
  ) {
    const extra = counted ? 1 : 0;
    const over = (counter: Counter | undefined, limit: number): boolean =>
      counter !== undefined && counter.hits - extra >= limit;
    const until = (counter: Counter) => counter.windowStart + settings.windowMs;
    const pair = live(counters.get(keys.pair), t);
    if (known) {
      if (!pair) return undefined;
      const failures = pair.hits - extra;
      const last = counted ? pair.prevAt : pair.lastAt;
      const wait = delayAfter(failures);
      if (wait > 0 && last !== null && t < last + wait)
        return { scope: 'pair', until: last + wait } as Refusal;
      return undefined;
    }
    const found: Refusal[] = [];
    if (pair && over(pair, settings.perPair)) found.push({ scope: 'pair', until: until(pair) });
    const client = live(counters.get(keys.client), t);
    if (client && over(client, settings.perClient)) found.push({ scope: 'client', until: until(client) });
    const user = live(counters.get(keys.user), t);
    if (user && over(user, perUser)) found.push({ scope: 'user', until: until(user) });
    return found.sort((a, b) => b.until - a.until)[0];
  }

  const refuse = async (message: string, retryAfterSeconds: number) => {
    if (settings.refusalDelayMs > 0) await hold(settings.refusalDelayMs);
    return tooMany(message, retryAfterSeconds);
  };

  /** A "busy" refusal is held as long, so a flood that fills the hashing queue slows itself too. */
  const held = async (error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 503 && settings.refusalDelayMs > 0) {
      await hold(settings.refusalDelayMs);
    }
    return error;
  };

  /** Attempts for one subject run one after another in this process. */
  async function oneAtATime<T>(subject: string, work: () => Promise<T>): Promise<T> {
    const before = verifying.get(subject) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => (release = resolve));
    const chain = before.then(() => mine);
    verifying.set(subject, chain);
    await before;
    try {
      return await work();
    } finally {
      release();
      if (verifying.get(subject) === chain) verifying.delete(subject);
    }
  }

  /**
   * Runs one throttled password check for `subject` from `client`: `check` answers whether the
   * password is right. Refused with 429 (and the time to wait) or 503 (hashing queue full).
   * `perUser` is the failures a User ID may take from clients it does not know (Infinity: none).
   */
  async function throttled(
    subject: string,
    client: string,
    message: string,
    check: () => Promise<boolean>,
    onLockout: (scope: Scope) => Promise<void>,
    perUser = settings.perUser,
  ): Promise<boolean> {
    const keys = keysOf(subject, client);
    const t0 = now();
    const stored = await limits.peek([keys.pair, keys.client, keys.user, keys.known]);
    const knownRow = stored.get(keys.known);
    const known = knownRow !== undefined && knownRow.lastAt + settings.knownForMs > t0;
    const early = refusal(stored, keys, known, t0, false, perUser);
    if (early) throw await refuse(message, (early.until - t0) / 1000);
    // With no room to check it, the attempt is refused before it is counted or written anywhere.
    try {
      hashing.admit({ urgent: known });
    } catch (error) {
      throw await held(error);
    }

    // A known client is judged by its own failures only, so it waits in a line of its own: a burst
    // of strangers' guesses for the same User ID is never ahead of it.
    const line = known ? keys.known : subject;
    const outcome = await oneAtATime(line, async (): Promise<Outcome> => {
      const counted = known ? [keys.pair] : [keys.pair, keys.client, keys.user];
      const t = now();
      const counters = await limits.hit(
        counted.map((key) => ({ key, windowMs: settings.windowMs })),
        t,
      );
      const refused = refusal(counters, keys, known, t, true, perUser);
      if (refused) return { refused, at: t };
      let valid: boolean;
      try {
        // A client that signed in to this account before goes ahead of a flood of strangers.
        valid = await hashing.run(check, { urgent: known });
      } catch (error) {
        // Not checked after all (the queue was full): the attempt does not count.
        await limits.unhit(counted);
        return { busy: error };
      }
      if (valid) {
        await limits.forget([keys.pair]);
        await limits.unhit(counted.filter((key) => key !== keys.pair));
        await limits.hit([{ key: keys.known, windowMs: settings.knownForMs }], t);
        return { valid: true };
      }
      // The failure that reaches a limit starts a lock-out (or, for a known client, the delays).
      const reached = (key: string, limit: number) => counters.get(key)?.hits === limit;
      const scope: Scope | undefined = reached(keys.pair, settings.perPair)
        ? 'pair'
        : !known && reached(keys.client, settings.perClient)
          ? 'client'
          : !known && reached(keys.user, perUser)
            ? 'user'
            : undefined;
      if (scope) await onLockout(scope);
      return { valid: false };
    });
    // The hold is spent here, out of the line: the next attempt for this User ID goes on at once.
    if ('refused' in outcome) throw await refuse(message, (outcome.refused.until - outcome.at) / 1000);
    if ('busy' in outcome) throw await held(outcome.busy);
    return outcome.valid;
  }

  return {
    /**
     * The account `loginId` names, if `password` is its password and it is active; otherwise a
     * refusal is thrown. A deactivated account counts as a failure, like a wrong password, and is
     * said to be deactivated only to someone who gave its right password (record 0019).
     */
    async signIn(loginId: number, client: string, password: string) {
      const account = await deps.auth.findAccountByLoginId(loginId);
      let deactivated = false;
      const valid = await throttled(
        String(loginId),
        client,
        TOO_MANY_SIGN_INS,
        async () => {
          // The same work for every refusal: unknown User ID, wrong password, one-time password.
          const right = await checkSignInPassword(account?.password_hash, password);
          deactivated = right && account !== undefined && account.deactivated_at !== null;
          return right && !deactivated;
        },
        (scope) =>
          audit.record({
            kind: 'signin.lockout',
            actorLoginId: loginId,
            actorRole: null,
            target: String(loginId),
            detail: scope === 'pair' ? 'this client' : scope === 'client' ? 'every User ID' : 'new clients',
            client,
          }),
        // A one-time password nobody has used yet is locked per client only, never for the account:
        // its holder signs in from a client the account has never seen, and strangers must not be
        // able to lock them out of their first sign-in. The password is random (~75 bits), so the
        // per-client limits are guard enough.
        account?.must_change_password === 1 ? Infinity : settings.perUser,
      );
      if (deactivated) throw forbidden(ACCOUNT_DEACTIVATED);
      if (!account || !valid) throw unauthorized(INVALID_CREDENTIALS);
      return account;
    },

    /**
     * A sign-in whose body is not valid (an empty password, say) is counted against its client like
     * a wrong password and held as long before its 400, so that it is no cheaper way to flood the
     * server or its log. Past the client's limit it is refused with this 429 instead.
     */
    async malformed(client: string): Promise<void> {
      const key = `signin:client:${client}`;
      const over = (counter: Counter | undefined, extra: number, t: number) => {
        const current = live(counter, t);
        return current && current.hits - extra >= settings.perClient ? current : undefined;
      };
      const t0 = now();
      const early = over((await limits.peek([key])).get(key), 0, t0);
      if (early) throw await refuse(TOO_MANY_SIGN_INS, (early.windowStart + settings.windowMs - t0) / 1000);
      const t = now();
      const counted = over((await limits.hit([{ key, windowMs: settings.windowMs }], t)).get(key), 1, t);
      if (counted)
        throw await refuse(TOO_MANY_SIGN_INS, (counted.windowStart + settings.windowMs - t) / 1000);
      if (settings.refusalDelayMs > 0) await hold(settings.refusalDelayMs);
    },

    /** Whether `password` is the current password of the signed-in account, throttled like sign-in. */
    async checkCurrentPassword(
      account: { id: string; password_hash: string },
      client: string,
      password: string,
    ) {
      return throttled(
        `account:${account.id}`,
        client,
        TOO_MANY_PASSWORDS,
        () => verifyPassword(account.password_hash, password),
        () => Promise.resolve(),
      );
    },

    /** Hashing of a new password waits its turn like every other. */
    hash<T>(work: () => Promise<T>): Promise<T> {
      return hashing.run(work);
    },
  };
}

export type SignInService = ReturnType<typeof signInService>;
