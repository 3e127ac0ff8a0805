import { randomUUID } from 'node:crypto';
import type { AccountStore, DeviceRecord, NewDevice } from '../relay-store';
import type { SqliteContext } from './context';
import type { InsertDevice } from './devices';

/** Accounts: an id, a creation time and the counter of its log. */
export function sqliteAccounts({ db, commit, now }: SqliteContext, insertDevice: InsertDevice): AccountStore {
  const s = {
    any: db.prepare<[], { found: number }>('SELECT EXISTS (SELECT 1 FROM accounts) AS found'),
    insert: db.prepare<[string, number]>('INSERT INTO accounts (id, created_at) VALUES (?, ?)'),
  };
  /** An account with its first device. Call inside a write. */
  const insertAccount = (device: NewDevice, at: number): DeviceRecord => {
    const accountId = randomUUID();
    s.insert.run(accountId, at);
    return insertDevice(accountId, device, at);
  };
  return {
    async hasAccounts() {
      return s.any.get()?.found === 1;
    },
    async createAccount(device) {
      const at = now();
      return commit.write(() => insertAccount(device, at));
    },
    async claimRelay(device) {
      const at = now();
      // The check and the insert share one write, and writes run one at a time: of two claims,
      // the second sees the account the first one made.
      return commit.write(() => (s.any.get()?.found === 1 ? null : insertAccount(device, at)));
    },
  };
}
