import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { keyIdOf } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { generateBrief } from './brief/generate-brief';
import { ComputerRequests } from './computer/computer-requests';
import { newAnswerKey, writeAnswerKey } from './config/answer-key';
import { currentBriefLanguage } from './config/brief-language';
import { ComputerLanguage } from './config/computer-language';
import { ConfigStore } from './config/config-store';
import { DEFAULT_LOCAL_PORT } from './config/data-dir';
import { deliveryRetryMaxFromEnv } from './config/delivery-retry-max';
import { ensureE2eKey, readE2eKey } from './config/e2e-key';
import { readLlmChannel } from './config/llm-channel';
import { ensureLocalApiKey } from './config/local-api-key';
import { readSpeechChannel } from './config/speech-channel';
import { readTranscriptionChannel } from './config/transcription-channel';
import { readHooksStatus } from './install/hooks-status';
import { buildLocalApi } from './local-api/build-local-api';
import type { Logger } from './log/logger';
import { createEntryEffects } from './outbox/entry-effects';
import { OutboxStore } from './outbox/outbox-store';
import { OutboxWorker } from './outbox/outbox-worker';
import { ComputerIdentity } from './permission/computer-identity';
import { PermissionRecords } from './permission/permission-records';
import { PermissionRegistry } from './permission/permission-registry';
import { createPermissionCalls } from './presence/permission-calls';
import { handleSettingsRequest } from './relay/handle-settings-request';
import { OwnDevice } from './relay/own-device';
import type { RelayTarget } from './relay/post-daemon-event';
import { RelayLink } from './relay/relay-link';
import { readRelayTarget } from './relay/relay-target';
import { RelayedRequestGuard } from './relay/relayed-request-guard';
import { HandledReplies } from './replies/handled-replies';
import { ReplyInbox } from './replies/reply-inbox';
import { resumeAgent } from './replies/resume-agent';
import { resolveResumeOptions } from './replies/resume-options';
import { briefLanguageRoutes } from './routes/brief-language';
import { e2eKeyRoutes } from './routes/e2e-key';
import { llmRoutes } from './routes/llm';
import { localRelayRoutes } from './routes/local-relay';
import { permissionRequestRoutes } from './routes/permission-request';
import { reportRoutes } from './routes/report';
import { speechSettingsRoutes } from './routes/speech-settings';
import { statusRoutes } from './routes/status';
import { trackerDispatchRoutes } from './routes/tracker-dispatch';
import { trackerSettingsRoutes } from './routes/tracker-settings';
import { transcriptionSettingsRoutes } from './routes/transcription-settings';
import { createTrackerClient } from './tracker/api';
import { commentOnIssue } from './tracker/comment-on-issue';
import { DispatchStore } from './tracker/dispatch';
import { readTrackerConfig, trackerApiUrl } from './tracker/tracker-config';
import { listTrackerWorkspaces } from './tracker/tracker-workspaces';
import { TrackerWatcher } from './tracker/watch';

export interface DaemonOptions {
  dataDir: string;
  /** Overrides `localPort` of daemon.json; 0 picks a free port (tests). */
  port?: number;
  logger: Logger;
  env?: NodeJS.ProcessEnv;
  /** Replaces the LLM brief generator (benchmarks measure intake without an LLM). */
  generateBrief?: typeof generateBrief;
  /**
   * This install's node and `ringback.mjs`: a Claude Code session resumed after a reply runs
   * `ringback hook claude-code permission-mcp` from there, so its permission requests ring.
   */
  cli?: { nodePath: string; cliScript: string };
}

export interface RunningDaemon {
  url: string;
  port: number;
  localApiKey: string;
  app: FastifyInstance;
  worker: OutboxWorker;
  close(): Promise<void>;
}

/** Starts the daemon: restores the outbox, serves the local API on 127.0.0.1 and works the outbox. */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { dataDir, logger } = options;
  const env = options.env ?? process.env;
  // Before anything is opened: a bad value stops the start with its reason.
  const maxDeliveryRetryMs = deliveryRetryMaxFromEnv(env);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });

  const { store: config, ...loaded } = await ConfigStore.open(dataDir, logger);
  await ensureE2eKey(config, loaded, logger);
  const localApiKey = await ensureLocalApiKey(dataDir, logger);
  const computerLanguage = new ComputerLanguage({
    platform: process.platform,
    env,
    onUnreadable: (reason) =>
      logger.warn(
        `could not read this computer's preferred languages (${reason}); briefs follow the locale variables`,
      ),
  });
  // Asked now, in the background: start does not wait for it, and the first brief rarely has to.
  computerLanguage.warm();
  const opened = await OutboxStore.open(dataDir, logger);
  const effects = createEntryEffects({
    dataDir,
    store: opened.store,
    config,
    logger,
    computerLanguage,
    generateBrief: options.generateBrief ?? generateBrief,
  });
  const worker = new OutboxWorker({
    store: opened.store,
    effects,
    logger,
    ...(maxDeliveryRetryMs === undefined ? {} : { maxDeliveryRetryMs }),
  });
  const trackerUrl = trackerApiUrl(env);
  const trackerClient = (token: string) => createTrackerClient({ baseUrl: trackerUrl, token, logger });
  const dispatches = await DispatchStore.open(dataDir, logger);
  const handled = await HandledReplies.open(dataDir, logger);
  const relayedRequests = await RelayedRequestGuard.open(dataDir, logger);
  // The device id devices' requests must be sealed for, pinned at login.
  const ownDevice = new OwnDevice(dataDir, () => readRelayTarget(dataDir, config.read()), logger);
  const identity = new ComputerIdentity({
    deviceId: () => ownDevice.deviceId(),
    target: () => readRelayTarget(dataDir, config.read()),
  });
  // Permission calls' settings, the user's presence, and the gate the permission registry asks.
  const permissionCalls = createPermissionCalls({ config, logger, home: homedir(), env });
  // Agents' permission requests, each a call on the phone; their decisions come back as replies.
  const permissions = new PermissionRegistry({
    gate: permissionCalls.gate,
    key: () => readE2eKey(config)?.key ?? null,
    target: () => readRelayTarget(dataDir, config.read()),
    computer: () => identity.current(),
    language: async () => (await currentBriefLanguage(config.read(), computerLanguage)).language,
    records: await PermissionRecords.open(dataDir, logger),
    logger,
  });
  // Before any request: the calls a previous process left ringing (its hooks died with it) end now.
  permissions.endOrphanedCalls();
  // Relayed settings run through the local API's own handlers, once it exists.
  let localApi: FastifyInstance | undefined;
  const replies = new ReplyInbox({
    permissions,
    handled,
    logger,
    key: () => readE2eKey(config)?.key ?? null,
    session: (sessionId) => opened.store.session(sessionId),
    resume: async (request) => {
      const resumeOptions = await resolveResumeOptions(request, config.read(), env, {
        onCodexApprovals: (approvals) =>
          logger.info(
            approvals.byHook
              ? `resuming Codex session ${request.sessionId}: its approvals ring the phone`
              : `resuming Codex session ${request.sessionId}: it asks for no approval (${approvals.why})`,
          ),
      });
      const permissionPrompt = options.cli ? { ...options.cli, dataDir } : undefined;
      return resumeAgent(
        request,
        { ...resumeOptions, ...(permissionPrompt ? { permissionPrompt } : {}) },
        env,
      );
    },
    comment: (request) => commentOnIssue(request, readTrackerConfig(config.read()), trackerClient),
  });
  // Devices' requests through the relay run with the settings in force when each starts.
  const computer = new ComputerRequests({
    key: () => readE2eKey(config)?.key ?? null,
    // Requests come down the link: the device it was opened as, learnt once, not read at each one.
    deviceId: (): Promise<string | null> => {
      const linked: RelayTarget | null = link.linkedTarget;
      return linked ? ownDevice.deviceIdOf(linked) : ownDevice.deviceId();
    },
    replays: relayedRequests,
    logger,
    settings: {
      llm: () => readLlmChannel(config.read()),
      speech: () => readSpeechChannel(config.read()),
      transcription: () => readTranscriptionChannel(config.read()),
    },
  });
  const link = new RelayLink({
    target: () => readRelayTarget(dataDir, config.read()),
    replies,
    computer,
    logger,
    onSettings: (message) =>
      handleSettingsRequest(message, {
        key: () => readE2eKey(config)?.key ?? null,
        deviceId: () => ownDevice.deviceId(),
        replays: relayedRequests,
        execute: async (method, path, body) => {
          if (!localApi) return { status: 503, body: { error: 'internal_error', message: 'starting up' } };
          return localApi.runRelayed(method, path, body);
        },
      }),
  });
  // Finished tracker tasks go into the outbox like local reports, briefed and delivered once.
  const watcher = new TrackerWatcher({
    dataDir,
    config: () => readTrackerConfig(config.read()),
    apiUrl: trackerUrl,
    logger,
    client: trackerClient,
    onFinished: ({ occurredAt, ...report }) => worker.acceptTrackerTask(report, occurredAt),
  });
  const startedAt = new Date().toISOString();
  const port = options.port ?? config.read().localPort ?? DEFAULT_LOCAL_PORT;

  // This run's proof for the permission hook: only this user's processes can read it.
  const answerKey = newAnswerKey();
  const app = await buildLocalApi({
    localApiKey,
    logger,
    routes: [
      reportRoutes(worker),
      permissionRequestRoutes(permissions, answerKey),
      llmRoutes(config),
      speechSettingsRoutes(config),
      transcriptionSettingsRoutes(config),
      briefLanguageRoutes(config, computerLanguage),
      e2eKeyRoutes(config),
      trackerSettingsRoutes({
        config,
        listWorkspaces: (token) => listTrackerWorkspaces(trackerClient(token)),
        watcher,
      }),
      trackerDispatchRoutes({ config, store: dispatches, client: trackerClient, logger }),
      permissionCalls.routes,
      // A login takes effect at once: reports waiting for a relay go now.
      localRelayRoutes({
        dataDir,
        config,
        onLogin: () => {
          worker.retryNow();
          link.reconnectNow();
        },
      }),
      statusRoutes(async () => {
        const current = config.read();
        const channel = readLlmChannel(current);
        const e2e = readE2eKey(config);
        const relay = await readRelayTarget(dataDir, current);
        const byState = worker.counts();
        return {
          pid: process.pid,
          startedAt,
          localPort: boundPort,
          dataDir,
          llm: channel
            ? { model: channel.model, baseUrl: channel.baseUrl, structuredOutput: channel.structuredOutput }
            : null,
          briefLanguage: await currentBriefLanguage(current, computerLanguage),
          e2eKey: e2e ? { keyId: await keyIdOf(e2e.key), source: e2e.source } : null,
          relay: relay ? { serverUrl: relay.serverUrl, linked: link.connected } : null,
          outbox: { pending: Object.values(byState).reduce((sum, n) => sum + n, 0), byState },
          hooks: await readHooksStatus(homedir(), env),
        };
      }),
    ],
  });

  localApi = app;
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  await writeAnswerKey(dataDir, answerKey);
  worker.start(opened);
  link.start();
  // Learnt now, in the background: the first permission call then rings without two relay lookups.
  void identity.current().catch(() => null);
  await watcher.start();

  return {
    url: `http://127.0.0.1:${boundPort}`,
    port: boundPort,
    localApiKey,
    app,
    worker,
    async close() {
      link.stop();
      await app.close();
      // The hooks were let go with the server: their calls end at the computer.
      await permissions.close();
      // Before the outbox stops: a finished task being handed over still lands in it.
      await watcher.stop();
      await worker.stop();
      dispatches.stop();
      // Ids of requests that ran without waiting for the disk: written down before the exit, and
      // the record says the stop was clean (an abrupt one refuses the requests it may have run).
      await relayedRequests.close();
    },
  };
}
