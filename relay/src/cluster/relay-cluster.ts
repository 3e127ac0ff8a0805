import type { DaemonToRelay } from '@ringback/protocol';
import type { ComputerAnswers } from '../link/computer-answers';
import type { ComputerLink } from '../link/computer-link';
import type { DaemonLinks } from '../link/daemon-links';
import type { ReplyDispatcher } from '../link/reply-dispatcher';
import type { SettingsBroker } from '../link/settings-broker';
import type { RelayLogger } from '../relay-logger';
import type { RelayStore, ReplyRecord } from '../storage/relay-store';
import type { StreamHub } from '../stream/stream-hub';
import type { DeviceChange } from './channels';
import type { CodeAttempts } from './code-attempts';
import type { DeviceNames } from './device-names';
import type { DeviceTokens } from './device-tokens';
import type { LiveCodes } from './live-codes';
import type { LogFanout } from './log-fanout';

export type SettingsResult = Extract<DaemonToRelay, { type: 'settings-result' }>;

/** What became of a settings request sent to a daemon. */
export type SettingsOutcome =
  | { answer: SettingsResult }
  | { refused: 'device_offline' | 'in_flight' | 'daemon_timeout' };

/** What one relay instance holds in its own memory: its streams, its daemons' links. */
export interface LocalRelay {
  store: RelayStore;
  hub: StreamHub;
  links: DaemonLinks;
  dispatcher: ReplyDispatcher;
  broker: SettingsBroker;
  /** Answers to devices' requests passing through this instance. */
  computerAnswers: ComputerAnswers;
  names: DeviceNames;
  tokens: DeviceTokens;
  fanout: LogFanout;
  logger: RelayLogger;
  now: () => number;
}

/** A daemon link as the cluster knows it; `closed` once the socket is gone. */
export interface RegisteredLink {
  closed(): Promise<void>;
}

/**
 * How relay instances behave as one relay. A lone relay (SQLite) does everything in its own
 * memory; several instances on one PostgreSQL database share it through the database and its
 * notifications. Routes say what happened here; the cluster makes it happen everywhere.
 */
export interface RelayCluster {
  /** Log entry `seq` of the account was written here: its frame reaches the account's streams. */
  logged(accountId: string, seq: number): void;
  /** A device of the account was added, renamed or removed here. */
  deviceChanged(accountId: string, deviceId: string, change: DeviceChange): void;
  /** A reply was queued here: it goes down its daemon's link, wherever that is held. */
  replyQueued(reply: ReplyRecord): Promise<void>;
  /** A daemon's link opened here (already in `links`): an older one elsewhere closes. */
  linkOpened(deviceId: string): Promise<RegisteredLink>;
  /** Sends a sealed settings request to a daemon, whichever instance holds its link. */
  askSettings(
    deviceId: string,
    requestId: string,
    sealed: string,
    timeoutMs: number,
  ): Promise<SettingsOutcome>;
  /**
   * The way to a daemon for one streamed request: its link here, or through the instance holding
   * it; null when no instance holds its link (offline).
   */
  computerLink(deviceId: string, requestId: string): Promise<ComputerLink | null>;
  /**
   * Whether a new stream may start here: not while this instance cannot hear the log's
   * notifications (its frames would not come), so its client goes to another instance.
   */
  acceptsStreams(): boolean;
  /** Failed claim and pairing attempts: per client address and for the whole relay. */
  attempts: CodeAttempts;
  /** The pairing codes a wrong guess could hit. */
  liveCodes: LiveCodes;
  close(): Promise<void>;
}

export type ClusterFactory = (local: LocalRelay) => Promise<RelayCluster>;
