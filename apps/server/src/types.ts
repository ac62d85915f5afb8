/** Fastify type augmentation: the access declaration and write limit routes carry, and the request principal. */
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiScope, Role } from '@campus/contract';
import type { CountedWrite } from './db/together';
import type { WriteLimitName } from './lib/write-limits';

/** 'public' or the roles that may call the route. */
export type Access = 'public' | readonly Role[];

/** Who a signed-in request acts for: read from the session by access control (plugins/access.ts). */
export interface Principal {
  accountId: string;
  sessionId: string;
  role: Role;
  loginId: number;
  /** Set for students: the roll number they own. */
  rollNo: number | null;
  /** The password is a one-time password: only choosing a new one is allowed (record 0014). */
  mustChangePassword: boolean;
  /**
   * Set when an integration's token (`cp_…`) signed the request: it acts with its creating admin's
   * view, on the routes its scopes open only (decision record 0083).
   */
  apiClient?: ApiClientPrincipal;
}

/** The integration behind a token, as access control found it. */
export interface ApiClientPrincipal {
  id: string;
  name: string;
  scopes: readonly ApiScope[];
  perMinute: number;
  lastUsedAt: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The hourly allowance a write counts under; signed-in writes that name none count as `other`,
     * and `false` exempts a write that must never be refused for it (signing out).
     */
    writeLimit?: WriteLimitName | false;
    /**
     * The handler counts its write against the allowance in the write itself (`countedWrite`),
     * instead of in a statement of its own before the handler starts.
     */
    writeLimitWithWrite?: true;
    /**
     * Callable while the account must still replace a one-time password (identity, changing the
     * password, signing out); every other signed-in route answers 403 then (record 0014).
     */
    beforePasswordChange?: true;
    /** The answer is a stream that does not end (live updates): tests read only its head. */
    stream?: true;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /**
     * Where writes from other processes stood when the request started (SQLite), taken once and
     * given to each cached read of the request; undefined where reads are not cached.
     */
    dataVersion: number | undefined;
    /** The write-limit counter this request was counted on, to take back if it is refused. */
    writeCounted: string | null;
    /** The count a write makes itself (`writeLimitWithWrite`), and whether the handler took it. */
    writeCounting: {
      counted: boolean;
      write(): CountedWrite;
      apart(): Promise<void>;
    } | null;
    /** Writes running beside the answer, which waits for them (plugins/settle-writes.ts). */
    sideWrites: Promise<unknown>[] | null;
    /**
     * The answer being sent, when it is one that never changes (a cached one) and the client may
     * take it compressed: its compressed bytes are kept beside it (plugins/compression.ts).
     */
    unchangingAnswer: object | null;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
