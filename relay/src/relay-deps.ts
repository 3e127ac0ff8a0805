import type { AttemptLimiter } from './auth/attempt-limiter';
import type { DeviceNames } from './cluster/device-names';
import type { ClusterFactory, LocalRelay, RelayCluster } from './cluster/relay-cluster';
import type { TrustProxy } from './http/trust-proxy';
import type { AnswerLeaseKeeper } from './leases/answer-lease-keeper';
import type { ComputerRequestLimits } from './link/computer-request-limits';
import type { DaemonLinks } from './link/daemon-links';
import type { PushSettings } from './push/push-settings';
import type { RelayPush } from './push/relay-push';
import type { RelayLogger } from './relay-logger';
import type { RelayStore } from './storage/relay-store';
import type { StreamHub } from './stream/stream-hub';

/** Who may create an account. */
export interface SignupPolicy {
  /** `RINGBACK_OPEN_SIGNUP=true`: anyone may create an account. */
  open: boolean;
  /** A private relay's one-time claim code while it has no owner (null once it has one). */
  claimCode(): string | null;
}

export interface RelayDeps {
  store: RelayStore;
  hub: StreamHub;
  /** The daemons' live WebSockets. */
  links: DaemonLinks;
  logger: RelayLogger;
  signup: SignupPolicy;
  /** A lone relay's failed claim and pairing attempts per client address (IPv6 per /64). */
  attempts: AttemptLimiter;
  /** How instances share one relay; absent: this relay runs alone (singleRelay). */
  instances?: ClusterFactory;
  /** Which X-Forwarded-For hops to believe (`RINGBACK_TRUST_PROXY`); none when absent. */
  trustProxy?: TrustProxy;
  now: () => number;
  /** How often an idle stream gets a `: ping` comment. */
  heartbeatMs: number;
  /** The built app served at `/` (`client/dist`); absent or null: `/` says how to build it. */
  appDir?: string | null;
  /** Web Push: its VAPID subject (or why it is off) and its tuning; absent: off. */
  push?: PushSettings;
  /** Serve https with this certificate chain and key (PEM); absent: plain http. */
  https?: { cert: Buffer; key: Buffer };
  /** Limits and deadlines of devices' requests to their computer; absent fields take the defaults. */
  computerRequests?: Partial<ComputerRequestLimits>;
  /** Live app devices one account may have (each holds at most one push subscription): 50. */
  maxAppDevicesPerAccount?: number;
  /**
   * How long an answered call stays with its device after its answer or last renewal:
   * ANSWER_LEASE_MS (2 min) unless set (tests shorten it).
   */
  answerLeaseMs?: number;
}

/** What routes work with: the deps, and what the relay built from them. */
export interface RelayRuntime extends RelayDeps {
  cluster: RelayCluster;
  names: DeviceNames;
  local: LocalRelay;
  webPush: RelayPush;
  leases: AnswerLeaseKeeper;
}
