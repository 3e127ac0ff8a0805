import { randomUUID } from 'node:crypto';
import type { AccountStore } from '../relay-store';
import type { SqliteContext } from './context';
import type { InsertDevice } from './devices';

/** Accounts: an id, a creation time and the counter of its log. */
export function sqliteAccounts({ db, commit, now }: SqliteContext, insertDevice: InsertDevice): AccountStore {
  const s = {
    any: db.prepare<[], { found: number }>('SELECT EXISTS (SELECT 1 FROM accounts) AS found'),
    insert: db.prepare<[string, number]>('INSERT INTO accounts (id, created_at) VALUES (?, ?)'),
  };
  return {
    async hasAccounts() {
      return s.any.get()?.found === 1;
    },
    async createAccount(device) {
      const at = now();
      return commit.write(() => {
        const accountId = randomUUID();
        s.insert.run(accountId, at);
        return insertDevice(accountId, device, at);
      });
    },
  };
}
