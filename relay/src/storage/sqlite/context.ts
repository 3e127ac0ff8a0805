import type Database from 'better-sqlite3';
import type { GroupCommit } from './group-commit';

/** What every resource of the SQLite store works with. */
export interface SqliteContext {
  db: Database.Database;
  /** Every write goes through it: durable when its promise resolves, batched with its neighbours. */
  commit: GroupCommit;
  /** The clock (whole epoch ms) for created/seen/ended times. */
  now(): number;
}
