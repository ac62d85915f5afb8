/** What every feature's routes receive: the database and the shared auth services. */
import type { Db, Dialect } from '../db/index';
import type { ReadCache } from '../db/read-cache';
import type { App } from '../types';
import type { AuthRepository } from './auth/repository';
import type { TokenService } from './auth/tokens';

export interface FeatureDeps {
  db: Db;
  dialect: Dialect;
  /** Answers of reads kept until their tables change, on either database (decision records 0007, 0008). */
  cache: ReadCache;
  auth: AuthRepository;
  tokens: TokenService;
  /** True when the server runs the demo campus (SEED=demo): the sign-in screen lists its accounts. */
  demoCampus: boolean;
}

export type Feature = (app: App, deps: FeatureDeps) => Promise<void>;
