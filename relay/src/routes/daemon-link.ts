import websocket from '@fastify/websocket';
import { createParser, DaemonToRelay } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { deviceOf } from '../auth/device-auth';
import { linkSocket } from '../link/link-socket';
import { settingsKey } from '../link/settings-broker';
import type { RelayRuntime } from '../relay-deps';

const parseDaemonMessage = createParser(DaemonToRelay);
/** Pings both ways: a link silent this long is dead, whatever TCP thinks. */
const PING_INTERVAL_MS = 15_000;
const DEAD_AFTER_MS = 45_000;

/**
 * `GET /v1/daemon/link`: the daemon's one WebSocket (it opens no inbound port). Replies go
 * down it; delivery results come up and are acknowledged once stored, so a result lost in a
 * dropped link is sent again.
 */
export function daemonLinkRoutes(deps: RelayRuntime): FastifyPluginAsync {
  const { links, local } = deps;
  const { dispatcher, broker } = local;
  return async (app) => {
    await app.register(websocket, {
      // A settings answer may list 100 dispatches of up to 8000 characters each, sealed.
      options: { maxPayload: 4 * 1024 * 1024 },
      // A broken frame, an oversize message or a reset: that link is dropped, the relay goes on.
      errorHandler: (error, socket, request) => {
        deps.logger.warn(`daemon link ${request.device?.deviceId ?? '?'} failed: ${error.message}`);
        socket.terminate();
      },
    });
    // opensStream: while this instance cannot hear the database's notifications the link could not
    // be registered, so other instances would count the daemon offline; refused before auth.
    const config = { auth: 'daemon', opensStream: true } as const;
    app.get('/v1/daemon/link', { websocket: true, config }, (socket, request) => {
      const me = deviceOf(request);
      let lastHeard = Date.now();
      const link = linkSocket(socket);
      const remove = links.add(me.deviceId, link);
      // An older link of this daemon on another instance closes; waiting replies go down this one.
      const registered = deps.cluster.linkOpened(me.deviceId).catch((error: Error) => {
        deps.logger.error(`registering the link of ${me.deviceId} failed: ${error.message}`);
        // An unregistered link would serve its replies but never a settings request sent through
        // another instance: closed (1013, try again later), so the daemon reconnects and registers.
        socket.close(1013, 'relay unavailable: reconnect');
        return null;
      });
      const ping = setInterval(() => {
        if (Date.now() - lastHeard > DEAD_AFTER_MS) return socket.terminate();
        if (socket.readyState === socket.OPEN) socket.ping();
      }, PING_INTERVAL_MS);
      socket.on('pong', () => {
        lastHeard = Date.now();
      });
      socket.on('ping', () => {
        lastHeard = Date.now();
      });
      socket.on('close', () => {
        clearInterval(ping);
        remove();
        // Answers streaming from this link end now, with an error line the device can tell apart.
        deps.local.computerAnswers.linkClosed(me.deviceId, link);
        void registered
          .then((handle) => handle?.closed())
          .catch((error: Error) =>
            deps.logger.error(`unregistering the link of ${me.deviceId} failed: ${error.message}`),
          );
      });
      socket.on('message', (data) => {
        lastHeard = Date.now();
        void handle(String(data)).catch((error: Error) =>
          deps.logger.error(`daemon link ${me.deviceId}: ${error.message}`),
        );
      });

      async function handle(text: string): Promise<void> {
        let message: DaemonToRelay;
        try {
          message = parseDaemonMessage.parse(JSON.parse(text));
        } catch {
          deps.logger.warn(`daemon link ${me.deviceId} sent a message that is not one`);
          return;
        }
        if (message.type === 'computer-frame') {
          deps.local.computerAnswers.frame(me.deviceId, message);
          return;
        }
        if (message.type === 'computer-refused') {
          deps.local.computerAnswers.refused(me.deviceId, message.requestId, message.error);
          return;
        }
        if (message.type === 'settings-result') {
          if (!broker.settle(settingsKey(me.deviceId, message.requestId), message))
            deps.logger.warn(`daemon ${me.deviceId} answered settings request ${message.requestId} too late`);
          return;
        }
        if (message.type === 'reply-result') {
          const known = await dispatcher.recordResult(
            me.accountId,
            message.replyId,
            message.status === 'delivered'
              ? { status: 'delivered', outcome: message.outcome ?? null }
              : { status: 'failed', failure: message.failure ?? null },
          );
          // Acknowledged even when unknown (purged): the daemon may forget it.
          link.send({ type: 'reply-ack', replyId: message.replyId });
          if (!known) deps.logger.warn(`daemon ${me.deviceId} reported an unknown reply ${message.replyId}`);
        }
      }

      void registered
        .then(() => dispatcher.dispatchWaiting(me.deviceId))
        .catch((error: Error) =>
          deps.logger.error(`sending waiting replies to ${me.deviceId} failed: ${error.message}`),
        );
    });
  };
}
