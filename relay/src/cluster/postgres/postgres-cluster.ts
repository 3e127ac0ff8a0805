import type { Pool } from 'pg';
import { databaseTimeouts } from '../../storage/postgres/database-timeouts';
import { CHANNELS, splitPayload } from '../channels';
import { applyDeviceChange } from '../device-change';
import { askOverLocalLink } from '../local-settings';
import type { ClusterFactory, LocalRelay, RelayCluster } from '../relay-cluster';
import { DaemonLinkRegistry } from './daemon-link-registry';
import { type ListenerTimeouts, NotificationListener } from './notification-listener';
import { postgresCodeAttempts } from './postgres-code-attempts';
import { RemoteComputer } from './remote-computer';
import { RemoteSettings } from './remote-settings';
import { storeLiveCodes } from './store-live-codes';

/** How often dead links, unfinished settings requests and old attempts are swept. */
const SWEEP_INTERVAL_MS = 60_000;

export interface PostgresClusterOptions {
  /** The database URL, for the instance's own notification connection. */
  url: string;
  /** The store's pool, for the cluster's tables (in the same database). */
  pool: Pool;
  /** Wrong codes one client address may try per window. */
  perAddressLimit: number;
  windowMs: number;
  /** How the listening connection is probed; else from the env (database-timeouts.ts). */
  timeouts?: ListenerTimeouts;
}

/**
 * Several relay instances on one PostgreSQL database, behaving as one relay. Every write that
 * others must hear of notifies from inside its transaction (storage/postgres/notify.ts); each
 * instance listens and does its share: sends log entries to its streams (read from the log, in
 * order), forgets device names, closes a removed device's streams and links, sends replies and
 * settings requests down the daemon links it holds, and closes a link a newer one replaced.
 */
export function postgresCluster(options: PostgresClusterOptions): ClusterFactory {
  return async (local: LocalRelay): Promise<RelayCluster> => {
    const { pool } = options;
    const registry = new DaemonLinkRegistry(pool, local.now);
    const settings = new RemoteSettings(pool, local, (deviceId) => registry.isOnline(deviceId));
    const computer = new RemoteComputer(pool, local, (deviceId) => registry.isOnline(deviceId));
    const report = (what: string) => (error: Error) => local.logger.error(`${what}: ${error.message}`);
    // An idle pooled connection that broke (a restart, a failover, a dead link): the pool drops
    // it and opens another for the next query, but it is worth a line in the log.
    const poolError = (error: Error) =>
      local.logger.warn(`a pooled connection to PostgreSQL failed: ${error.message}`);
    pool.on('error', poolError);

    const onLog = (payload: string) => {
      for (const entry of payload.split(',')) {
        const fields = splitPayload(entry, 2);
        if (fields) local.fanout.announce(fields[0] as string, Number(fields[1]));
      }
    };
    const onDevice = (payload: string) => {
      const [accountId, deviceId, change] = splitPayload(payload, 3) ?? [];
      if (accountId && deviceId && change) applyDeviceChange(local, accountId, deviceId, change);
    };
    const onReply = (payload: string) => {
      const [accountId, deviceId, replyId] = splitPayload(payload, 3) ?? [];
      if (!accountId || !deviceId || !replyId || !local.links.get(deviceId)) return;
      void local.store
        .getReply(accountId, replyId)
        .then((reply) => (reply?.status === 'queued' ? local.dispatcher.dispatch(reply) : undefined))
        .catch(report(`sending reply ${replyId} to ${deviceId} failed`));
    };
    const onLink = (payload: string) => {
      const [deviceId, linkId] = splitPayload(payload, 2) ?? [];
      if (!deviceId || !linkId) return;
      void registry
        .isReplaced(deviceId, linkId)
        .then((replaced) => {
          if (replaced) local.links.get(deviceId)?.close(4000, 'replaced by a newer connection');
        })
        .catch(report(`checking the link of ${deviceId} failed`));
    };

    const listener = new NotificationListener(
      options.url,
      Object.values(CHANNELS),
      {
        notified(channel, payload) {
          if (channel === CHANNELS.log) onLog(payload);
          else if (channel === CHANNELS.devices) onDevice(payload);
          else if (channel === CHANNELS.replies) onReply(payload);
          else if (channel === CHANNELS.links) onLink(payload);
          else if (channel === CHANNELS.settings) settings.notified(payload);
          else if (channel === CHANNELS.computer) computer.notified(payload);
        },
        lost() {
          // Whatever was notified meanwhile is lost: streams resume from the log by id (on
          // another instance: new ones are refused here until it is back), and the names are
          // read again. Tokens stay known (each for its minute at most), so a device is told
          // 503 at once rather than after a read from a database that may be out of reach.
          local.fanout.reset();
          local.names.clear();
          local.hub.closeAll();
        },
        restored(session) {
          // What was known or read during the gap may miss a rename or removal notified meanwhile.
          local.tokens.clear();
          local.names.clear();
          void registry
            .moved(session.pid)
            .then(() =>
              Promise.all([...local.links.deviceIds()].map((id) => local.dispatcher.dispatchWaiting(id))),
            )
            .catch(report('restoring the daemon links failed'));
        },
      },
      local.logger,
      options.timeouts ?? databaseTimeouts(),
    );
    await listener.start().catch((error: Error) => {
      pool.off('error', poolError);
      throw error;
    });

    const sweep = setInterval(() => {
      Promise.all([registry.sweep(), settings.sweep(), computer.sweep()]).catch(
        report('sweeping the cluster tables failed'),
      );
    }, SWEEP_INTERVAL_MS);
    sweep.unref();

    return {
      // The write's own notification reaches this instance's listener too: nothing to do here.
      logged() {},
      // At once here; the other instances hear it from the write's notification.
      deviceChanged: (accountId, deviceId, change) => applyDeviceChange(local, accountId, deviceId, change),
      // The reply's notification reaches whichever instance holds the daemon's link.
      async replyQueued() {},
      async linkOpened(deviceId) {
        const session = listener.session;
        if (!session) throw new Error('not listening to PostgreSQL notifications');
        const linkId = await registry.opened(deviceId, session.pid);
        return { closed: () => registry.closed(deviceId, linkId) };
      },
      async askSettings(deviceId, requestId, sealed, timeoutMs) {
        if (local.links.get(deviceId)) return askOverLocalLink(local, deviceId, requestId, sealed, timeoutMs);
        if (!(await registry.isOnline(deviceId))) return { refused: 'device_offline' };
        return settings.ask(deviceId, requestId, sealed, timeoutMs);
      },
      async computerLink(deviceId, requestId) {
        const held = local.links.get(deviceId);
        if (held) return held;
        return (await registry.isOnline(deviceId)) ? computer.link(deviceId, requestId) : null;
      },
      acceptsStreams: () => listener.session !== null,
      attempts: postgresCodeAttempts(pool, {
        perAddressLimit: options.perAddressLimit,
        windowMs: options.windowMs,
        now: local.now,
      }),
      liveCodes: storeLiveCodes(local.store, local.now),
      async close() {
        clearInterval(sweep);
        settings.close();
        await listener.close();
        pool.off('error', poolError);
      },
    };
  };
}
