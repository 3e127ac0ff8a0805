// Accounts and app devices for the push benchmark, each app device subscribed to the bench's
// push sink with keys of its own (a real P-256 key and auth secret, as a browser makes them).
import { createECDH, randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { type Credentials, createDaemonAccount, postJson } from '../relay-bench-http';
import type { PushSink } from './push-sink';

export interface PushAccount {
  daemonToken: string;
  /** The sink's subscription numbers of the account's app devices. */
  subscriptions: number[];
}

function browserKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

async function subscribe(pool: Pool, token: string, endpoint: string): Promise<void> {
  const response = await pool.request({
    path: '/v1/push/subscription',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ endpoint, keys: browserKeys() }),
  });
  await response.body.dump();
  if (response.statusCode !== 204) throw new Error(`subscription answered ${response.statusCode}`);
}

let nextSubscription = 0;

/**
 * A daemon account with `apps` subscribed app devices, paired one code at a time (each redeemed
 * before the next is made, so no code is ever wrong: the relay limits wrong codes per address).
 */
export async function pushAccount(
  url: string,
  sink: Pick<PushSink, 'endpoint'>,
  apps: number,
  subscribed = true,
): Promise<PushAccount> {
  const daemon = await createDaemonAccount(url);
  const pool = new Pool(url, { connections: 1 });
  try {
    const subscriptions: number[] = [];
    for (let i = 0; i < apps; i++) {
      const { code } = await postJson<{ code: string }>(pool, '/v1/pairing-codes', {}, daemon.deviceToken);
      const app = await postJson<Credentials>(pool, '/v1/pairing-codes/redeem', {
        code,
        kind: 'app',
        name: `bench-phone-${i}`,
      });
      const subscription = nextSubscription++;
      // A relay with push off refuses subscriptions (503): its devices are paired all the same.
      if (subscribed) await subscribe(pool, app.deviceToken, sink.endpoint(subscription));
      subscriptions.push(subscription);
    }
    return { daemonToken: daemon.deviceToken, subscriptions };
  } finally {
    await pool.close();
  }
}

/** `count` accounts, `apps` devices each, a few set up at once. */
export async function pushAccounts(
  url: string,
  sink: Pick<PushSink, 'endpoint'>,
  count: number,
  apps: number,
  subscribed = true,
): Promise<PushAccount[]> {
  const accounts: PushAccount[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, 4) }, async () => {
      while (next < count) {
        const index = next++;
        accounts[index] = await pushAccount(url, sink, apps, subscribed);
      }
    }),
  );
  return accounts;
}
