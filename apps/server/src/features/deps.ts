/** What every feature's routes receive: the database and the shared auth services. */
import type { Db, Dialect } from '../db/index';
import type { App } from '../types';
import type { AuthRepository } from './auth/repository';
import type { TokenService } from './auth/tokens';

export interface FeatureDeps {
  db: Db;
  dialect: Dialect;
  auth: AuthRepository;
  tokens: TokenService;
}

export type Feature = (app: App, deps: FeatureDeps) => Promise<void>;
