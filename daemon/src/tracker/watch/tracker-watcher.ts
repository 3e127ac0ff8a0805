import type { TrackerWorkspace, TrackerWorkspaceStatus } from '@ringback/protocol';
import type { Logger } from '../../log/logger';
import { createTrackerClient, describeNetworkError, isTrackerRequestError, type TrackerClient } from '../api';
import type { TrackerConfig } from '../tracker-config';
import {
  CATCH_UP_PAGE_SIZE,
  firstWatermark,
  nextWatermark,
  type ReportOutcome,
  reportInPages,
  tasksToCatchUp,
} from './catch-up';
import { trackerRealtimeUrl } from './realtime-url';
import { countFailedAttempt, type ReportAttemptDeps } from './report-attempts';
import { buildTaskReport, type FinishedTask, type TrackerFinishedReport } from './task-report';
import { WatchStore, type WriteWatchFile } from './watch-store';
import { DEFAULT_WATCH_TIMING, type WatchTiming } from './watch-timing';
import { isGone, WorkspaceDirectory } from './workspace-directory';
import { type RealtimeFrame, WorkspaceSocket } from './workspace-socket';

export interface TrackerWatcherOptions {
  dataDir: string;
  /** The saved tracker settings (`readTrackerConfig(config.read())`), read at start and on reload. */
  config: () => TrackerConfig | null;
  /** `trackerApiUrl(env)`. */
  apiUrl: string;
  logger: Logger;
  /**
   * Stores one finished task durably (an outbox entry with source `tracker`). The task counts as
   * reported only once this resolves; a rejection leaves it to the next catch-up read.
   */
  onFinished: (report: TrackerFinishedReport) => Promise<void>;
  /** Defaults to `createTrackerClient` on `apiUrl` (reads retried 3×, failures logged). */
  client?: (token: string) => TrackerClient;
  now?: () => number;
  random?: () => number;
  timing?: Partial<WatchTiming>;
  /** How `tracker-watch.json` is written (tests make it fail). */
  writeFile?: WriteWatchFile;
  /** Defaults to MAX_REPORT_ATTEMPTS; tests lower it. */
  maxReportAttempts?: number;
  /** Defaults to CATCH_UP_PAGE_SIZE; tests lower it. */
  catchUpPageSize?: number;
}

interface Watched {
  workspace: TrackerWorkspace;
  label: string;
  socket: WorkspaceSocket;
  directory: WorkspaceDirectory;
  closed: boolean;
  catchingUp: boolean;
  catchUpAgain: boolean;
  retry: NodeJS.Timeout | null;
}

/**
 * Watches every workspace of the tracker settings for finished agent tasks: one realtime socket
 * each, a catch-up read after every (re)connect (the tracker replays nothing), and each completed
 * issue task handed to `onFinished` once per computer, remembered in `tracker-watch.json`.
 */
export class TrackerWatcher {
  readonly #o: TrackerWatcherOptions;
  readonly #timing: WatchTiming;
  readonly #now: () => number;
  readonly #watched = new Map<string, Watched>();
  /** Tasks being reported right now (live event and catch-up may meet on one). */
  readonly #inFlight = new Set<string>();
  /** Hand-overs and socket closes that `stop()` waits for. */
  readonly #pending = new Set<Promise<unknown>>();
  #store: WatchStore | null = null;
  #started: Promise<void> | null = null;
  #token: string | null = null;
  #client: TrackerClient | null = null;
  #stopped = false;
  readonly #attemptDeps: ReportAttemptDeps;

  constructor(options: TrackerWatcherOptions) {
    this.#o = options;
    this.#timing = { ...DEFAULT_WATCH_TIMING, ...options.timing };
    this.#now = options.now ?? Date.now;
    const save = (write: Promise<void>) => this.#save(write);
    this.#attemptDeps = { logger: options.logger, maxAttempts: options.maxReportAttempts, save };
  }

  /** Reads `tracker-watch.json` and connects to every watched workspace. */
  start(): Promise<void> {
    this.#started ??= (async () => {
      this.#store = await WatchStore.open(this.#o.dataDir, this.#o.logger, this.#o.writeFile);
      if (!this.#stopped) this.#apply();
    })();
    return this.#started;
  }

  /** The settings changed: drop removed workspaces, connect added ones, all anew on a new token. */
  reload(): void {
    if (this.#store && !this.#stopped) this.#apply();
  }

  /** One per watched workspace, in the settings' order. */
  statuses(): TrackerWorkspaceStatus[] {
    const since = new Date(this.#now()).toISOString();
    return (this.#o.config()?.workspaces ?? []).map(
      (w) => this.#watched.get(w.id)?.socket.status() ?? { workspaceId: w.id, state: 'connecting', since },
    );
  }

  /** Closes every socket and waits for them and for reports being handed over. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#started?.catch(() => undefined);
    for (const watched of [...this.#watched.values()]) this.#unwatch(watched, false);
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
    await this.#store?.flush();
  }

  #apply(): void {
    const config = this.#o.config();
    if (!config || config.token !== this.#token) {
      for (const watched of [...this.#watched.values()]) {
        this.#unwatch(watched, !config?.workspaces.some((w) => w.id === watched.workspace.id));
      }
      this.#token = config?.token ?? null;
      this.#client = config ? (this.#o.client ?? this.#defaultClient)(config.token) : null;
    }
    if (!config || !this.#client) return;
    const wanted = new Map(config.workspaces.map((w) => [w.id, w]));
    for (const watched of [...this.#watched.values()]) {
      const workspace = wanted.get(watched.workspace.id);
      if (!workspace) this.#unwatch(watched, true);
      else watched.workspace = workspace;
    }
    for (const workspace of wanted.values()) {
      if (!this.#watched.has(workspace.id)) this.#watch(workspace, config.token, this.#client);
    }
  }

  #defaultClient = (token: string): TrackerClient =>
    createTrackerClient({ baseUrl: this.#o.apiUrl, token, logger: this.#o.logger });

  #watch(workspace: TrackerWorkspace, token: string, client: TrackerClient): void {
    const label = `${workspace.name} (${workspace.id})`;
    const watched: Watched = {
      workspace,
      label,
      directory: new WorkspaceDirectory(client, workspace.id),
      closed: false,
      catchingUp: false,
      catchUpAgain: false,
      retry: null,
      socket: new WorkspaceSocket({
        workspaceId: workspace.id,
        label,
        url: trackerRealtimeUrl(this.#o.apiUrl, workspace.id),
        token,
        timing: this.#timing,
        logger: this.#o.logger,
        now: this.#now,
        random: this.#o.random ?? Math.random,
        onReady: () => this.#catchUp(watched, client),
        onFrame: (frame) => this.#onFrame(watched, client, frame),
      }),
    };
    this.#watched.set(workspace.id, watched);
    watched.socket.open();
  }

  #unwatch(watched: Watched, forget: boolean): void {
    watched.closed = true;
    if (watched.retry) clearTimeout(watched.retry);
    this.#watched.delete(watched.workspace.id);
    this.#track(watched.socket.close());
    if (forget && this.#store) this.#track(this.#logged(this.#store.forget(watched.workspace.id)));
  }

  #onFrame(watched: Watched, client: TrackerClient, frame: RealtimeFrame): void {
    if (frame.type !== 'task:completed' || watched.closed) return;
    const taskId = stringOf(frame.payload?.task_id);
    if (!taskId) return;
    const issueId = stringOf(frame.payload?.issue_id);
    if (!issueId) {
      // A quick-create task (chat tasks carry a session): its issue's own task is the one to
      // report, so keep the later catch-up read from taking the linked row for it.
      if (!stringOf(frame.payload?.chat_session_id))
        this.#track(this.#logged(this.#store?.markHandled(taskId)));
      return;
    }
    const agentId = stringOf(frame.payload?.agent_id) ?? '';
    void this.#report(watched, client, { taskId, agentId, issueId }).then((outcome) => {
      if (outcome === 'failed') this.#retryLater(watched, client);
    });
  }

  /** `done`: reported, deliberately not, or given up on; `busy`: being reported by the other path just now. */
  async #report(watched: Watched, client: TrackerClient, finished: FinishedTask): Promise<ReportOutcome> {
    const store = this.#store;
    if (!store || this.#stopped) return 'busy';
    if (store.isHandled(finished.taskId)) return 'done';
    if (this.#inFlight.has(finished.taskId)) return 'busy';
    this.#inFlight.add(finished.taskId);
    try {
      let outcome: Awaited<ReturnType<typeof buildTaskReport>>;
      try {
        outcome = await buildTaskReport(
          { client, workspace: watched.workspace, directory: watched.directory, now: this.#now },
          finished,
        );
      } catch (error) {
        if (this.#stopped) return 'busy';
        const what = `tracker task ${finished.taskId} of workspace ${watched.label}`;
        const failed = { store, taskId: finished.taskId, what, cause: causeOf(error) };
        return await countFailedAttempt(failed, this.#attemptDeps);
      }
      if (this.#stopped) return 'busy';
      if ('skip' in outcome) {
        this.#o.logger.info(`tracker task ${finished.taskId} is not reported: ${outcome.skip}`);
      } else {
        const handOver = this.#o.onFinished(outcome.report);
        this.#track(handOver);
        // Our own outbox failing (a full disk) is not the task's fault: no attempt is counted.
        await handOver;
        this.#o.logger.info(
          `tracker task ${finished.taskId} on ${outcome.report.identifier} finished; its call is queued`,
        );
      }
      // Queued in the outbox already: a failed write here at worst lets the relay dedupe it.
      await this.#save(store.markHandled(finished.taskId));
      return 'done';
    } catch (error) {
      this.#o.logger.warn(
        `could not report tracker task ${finished.taskId} of workspace ${watched.label}: ${causeOf(error)}; ` +
          'a catch-up read tries again',
      );
      return 'failed';
    } finally {
      this.#inFlight.delete(finished.taskId);
    }
  }

  /** A `tracker-watch.json` write that `stop()` waits for, its failure logged. */
  #save(write: Promise<void>): Promise<void> {
    const logged = this.#logged(write);
    this.#track(logged);
    return logged;
  }

  /** Reads what finished while no socket was listening; runs once at a time per workspace. */
  #catchUp(watched: Watched, client: TrackerClient): void {
    if (watched.catchingUp) {
      watched.catchUpAgain = true;
      return;
    }
    watched.catchingUp = true;
    void (async () => {
      try {
        do {
          watched.catchUpAgain = false;
          if (!(await this.#catchUpOnce(watched, client))) this.#retryLater(watched, client);
        } while (watched.catchUpAgain && !watched.closed && !this.#stopped);
      } finally {
        watched.catchingUp = false;
      }
    })();
  }

  async #catchUpOnce(watched: Watched, client: TrackerClient): Promise<boolean> {
    const store = this.#store;
    if (!store || watched.closed || this.#stopped) return true;
    const id = watched.workspace.id;
    try {
      let watermark = store.watermark(id);
      if (watermark === null) {
        // First connection ever: ring what finishes from now on, not the workspace's history.
        watermark = firstWatermark(this.#now());
        await this.#logged(store.setWatermark(id, watermark));
      }
      const agents = await client.listAgents(id);
      watched.directory.refresh(agents);
      const listed = [];
      for (const agent of agents) {
        try {
          listed.push(...(await client.listAgentTasks(id, agent.id)));
        } catch (error) {
          // Someone else's private agent (403) or one deleted meanwhile: not ours to report.
          if (!isGone(error)) throw error;
        }
      }
      const pass = await reportInPages({
        due: tasksToCatchUp(listed, watermark, (taskId) => store.isHandled(taskId)),
        watermark,
        pageSize: this.#o.catchUpPageSize ?? CATCH_UP_PAGE_SIZE,
        report: (task) =>
          this.#report(watched, client, {
            taskId: task.id,
            agentId: task.agent_id,
            issueId: task.issue_id,
            task,
          }),
        saveWatermark: (ms) => this.#logged(store.setWatermark(id, ms)),
        cancelled: () => watched.closed || this.#stopped,
      });
      // Unwatched meanwhile (a reload, `stop()`): its watermark is forgotten and must stay so, even
      // when this pass had nothing due and so never asked whether it was cancelled.
      if (pass.cancelled || watched.closed || this.#stopped) return true;
      await this.#logged(store.setWatermark(id, nextWatermark(watermark, listed, pass.unreported)));
      // A busy task is the live path's: it schedules its own retry if it fails.
      return !pass.failed;
    } catch (error) {
      this.#o.logger.warn(`tracker catch-up read of workspace ${watched.label} failed: ${causeOf(error)}`);
      return false;
    }
  }

  /** A report failed: read again later rather than waiting for the next reconnect. */
  #retryLater(watched: Watched, client: TrackerClient): void {
    if (watched.retry || watched.closed || this.#stopped) return;
    watched.retry = setTimeout(() => {
      watched.retry = null;
      // Disconnected: the reconnect's own catch-up covers it.
      if (watched.socket.status().state === 'connected') this.#catchUp(watched, client);
    }, this.#timing.reportRetryMs);
    watched.retry.unref();
  }

  #track(work: Promise<unknown>): void {
    const settled = work.catch(() => undefined);
    this.#pending.add(settled);
    void settled.then(() => this.#pending.delete(settled));
  }

  /** A failed `tracker-watch.json` write is logged; the watcher carries on from memory. */
  async #logged(write: Promise<void> | undefined): Promise<void> {
    try {
      await write;
    } catch (error) {
      this.#o.logger.error(`could not write tracker-watch.json: ${causeOf(error)}`);
    }
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Tracker errors name the call and the network cause already; anything else gets its cause chain. */
function causeOf(error: unknown): string {
  return isTrackerRequestError(error) ? error.message : describeNetworkError(error);
}
