// Accounts for the cluster bench: each a daemon (open signup) with app devices paired into it,
// the requests spread over the relay instances as a load balancer would spread them.
import { Pool } from 'undici';
import { type Credentials, postJson } from './relay-bench-http';

/** Accounts being set up at once. */
const SETTING_UP_AT_ONCE = 16;
/**
 * Codes being redeemed at once: the relay counts a redeem as a wrong code until it succeeds, and
 * allows one client address 5 wrong codes per 10 minutes, so the bench (one address) stays below.
 */
const REDEEMING_AT_ONCE = 4;

/** At most `limit` of the calls run at once. */
function limiter(limit: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(call: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
    try {
      return await call();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
}

export interface BenchAccount {
  daemonToken: string;
  /** The app devices' tokens. */
  appTokens: string[];
}

/** Pools to every instance, closed together. */
export class InstancePools {
  readonly pools: Pool[];

  constructor(urls: string[], connectionsEach: number) {
    this.pools = urls.map((url) => new Pool(url, { connections: connectionsEach, pipelining: 1 }));
  }

  /** The instance the n-th request goes to: round robin. */
  at(n: number): Pool {
    return this.pools[n % this.pools.length] as Pool;
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.close()));
  }
}

/**
 * A daemon account with `apps` app devices, paired one code at a time (each redeemed before the
 * next is made, so no code is ever wrong or taken). Request n of the account goes to instance
 * `first + n`: the code is made on one instance and redeemed on the next.
 */
async function pairedAccount(
  pools: InstancePools,
  redeeming: ReturnType<typeof limiter>,
  first: number,
  apps: number,
): Promise<BenchAccount> {
  let n = first;
  const daemon = await postJson<Credentials>(pools.at(n++), '/v1/accounts', {
    kind: 'daemon',
    name: 'bench-daemon',
  });
  const appTokens: string[] = [];
  for (let i = 0; i < apps; i++) {
    const { code } = await postJson<{ code: string }>(
      pools.at(n++),
      '/v1/pairing-codes',
      {},
      daemon.deviceToken,
    );
    const pool = pools.at(n++);
    const app = await redeeming(() =>
      postJson<Credentials>(pool, '/v1/pairing-codes/redeem', {
        code,
        kind: 'app',
        name: `bench-phone-${i}`,
      }),
    );
    appTokens.push(app.deviceToken);
  }
  return { daemonToken: daemon.deviceToken, appTokens };
}

/** `count` accounts of `apps` app devices each, a few set up at a time. */
export async function createAccounts(urls: string[], count: number, apps: number): Promise<BenchAccount[]> {
  const pools = new InstancePools(urls, SETTING_UP_AT_ONCE);
  const accounts: BenchAccount[] = [];
  const redeeming = limiter(REDEEMING_AT_ONCE);
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: Math.min(count, SETTING_UP_AT_ONCE) }, async () => {
        while (next < count) {
          const index = next++;
          accounts[index] = await pairedAccount(pools, redeeming, index, apps);
        }
      }),
    );
    return accounts;
  } finally {
    await pools.close();
  }
}
