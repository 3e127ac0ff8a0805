import type { RelayToDaemon } from '@ringback/protocol';
import { isErrorCode } from '@ringback/protocol';
import type { Pool } from 'pg';
import type { ComputerLink } from '../../link/computer-link';
import type { DaemonLink } from '../../link/daemon-links';
import type { RelayLogger } from '../../relay-logger';
import { CHANNELS } from '../channels';
import type { LocalRelay } from '../relay-cluster';
import { ComputerForwarder } from './computer-forwarder';

/** A row no instance finished with (its asker or forwarder died) is dropped after this. */
export const COMPUTER_ROW_TTL_MS = 10 * 60_000;
/** How often an asker checks that the daemon's link is still held somewhere. */
const LINK_WATCH_MS = 2_000;

/**
 * Streamed requests to a daemon whose link another instance holds. The asking instance writes the
 * sealed request to `computer_requests` and notifies `ask`; the instance holding the link sends it
 * down and writes each frame to `computer_frames` (one at a time, so they commit in order), notifying
 * `frame`; the asker takes each row (read and deleted in one statement) and writes it to the device.
 * Acks and a cancel go the other way as notifications alone. Payloads carry ids only.
 */
export class RemoteComputer {
  readonly #pool: Pool;
  readonly #local: LocalRelay;
  readonly #logger: RelayLogger;
  readonly #isOnline: (deviceId: string) => Promise<boolean>;
  /** Per request, what this instance still has to do for it, in order. */
  readonly #queues = new Map<string, Promise<void>>();

  constructor(pool: Pool, local: LocalRelay, isOnline: (deviceId: string) => Promise<boolean>) {
    this.#pool = pool;
    this.#local = local;
    this.#logger = local.logger;
    this.#isOnline = isOnline;
  }

  /** The asker's side: a way to a daemon linked elsewhere, for one request. */
  link(deviceId: string, requestId: string): ComputerLink {
    const answers = this.#local.computerAnswers;
    let released = false;
    // Only a link that put its request in has frames of its own: one refused before it asked (a
    // duplicate of a request in flight) shares the device and request id with the running answer.
    let asked = false;
    const link: ComputerLink = {
      send: (message: RelayToDaemon) => {
        if (released) return false;
        if (message.type === 'computer-request') asked = true;
        this.#queue(deviceId, requestId, () => this.#ask(deviceId, requestId, message)).catch(
          (error: Error) => {
            this.#logger.error(
              `relaying a request to ${deviceId} through the database failed: ${error.message}`,
            );
            answers.linkClosed(deviceId, link);
          },
        );
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        clearInterval(watch);
        if (!asked) return;
        // After the frames already being taken: what the forwarder wrote meanwhile is not kept.
        this.#queue(deviceId, requestId, () => this.#dropFrames(deviceId, requestId)).catch((error: Error) =>
          this.#logger.error(`dropping the frames of ${requestId} failed: ${error.message}`),
        );
      },
    };
    // The instance holding the link may die meanwhile: say so then, not at a deadline.
    const watch = setInterval(() => {
      this.#isOnline(deviceId).then(
        (online) => online || answers.linkClosed(deviceId, link),
        () => {},
      );
    }, LINK_WATCH_MS);
    watch.unref();
    return link;
  }

  async #dropFrames(deviceId: string, requestId: string): Promise<void> {
    await this.#pool.query('DELETE FROM computer_frames WHERE device_id = $1 AND request_id = $2', [
      deviceId,
      requestId,
    ]);
  }

  async #ask(deviceId: string, requestId: string, message: RelayToDaemon): Promise<void> {
    const at = `${deviceId}:${requestId}`;
    if (message.type === 'computer-request') {
      await this.#pool.query(
        `WITH asked AS (
           INSERT INTO computer_requests (device_id, request_id, sealed, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING RETURNING 1
         )
         SELECT pg_notify($5, $6) FROM asked`,
        [deviceId, requestId, message.sealed, this.#local.now(), CHANNELS.computer, `ask:${at}`],
      );
    } else if (message.type === 'computer-ack') {
      await this.#notify(`ack:${at}:${message.seq}`);
    } else if (message.type === 'computer-cancel') {
      // A request not yet taken is not run; one running stops.
      await this.#pool.query('DELETE FROM computer_requests WHERE device_id = $1 AND request_id = $2', [
        deviceId,
        requestId,
      ]);
      await this.#notify(`cancel:${at}`);
    }
  }

  /** A notification on the computer channel: each instance does its side of it. */
  notified(payload: string): void {
    const [verb, deviceId, requestId, extra] = payload.split(':');
    if (!verb || !deviceId || !requestId) return;
    const answers = this.#local.computerAnswers;
    const sink = answers.sink(deviceId, requestId);
    const held = this.#local.links.get(deviceId);
    const report = (error: Error) =>
      this.#logger.error(`relaying request ${requestId} of ${deviceId} failed: ${error.message}`);
    if (verb === 'ask') {
      if (held && !sink)
        this.#queue(deviceId, requestId, () => this.#take(deviceId, requestId, held)).catch(report);
      return;
    }
    if (verb === 'ack' || verb === 'cancel') {
      // Only the instance forwarding this answer holds the link it went down.
      if (!(sink instanceof ComputerForwarder)) return;
      if (verb === 'ack') sink.ack(Number(extra));
      else {
        sink.cancel();
        // Frames written after the asker dropped its rows, before this stop: dropped too.
        this.#queue(deviceId, requestId, () => this.#dropFrames(deviceId, requestId)).catch(report);
      }
      return;
    }
    if (!sink || sink instanceof ComputerForwarder) return;
    if (verb === 'frame')
      this.#queue(deviceId, requestId, async () => {
        const { rows } = await this.#pool.query<{ sealed: string; last: boolean }>(
          'DELETE FROM computer_frames WHERE device_id = $1 AND request_id = $2 AND seq = $3 RETURNING sealed, last',
          [deviceId, requestId, Number(extra)],
        );
        const row = rows[0];
        if (row)
          sink.frame({
            type: 'computer-frame',
            requestId,
            seq: Number(extra),
            sealed: row.sealed,
            last: row.last,
          });
      }).catch(report);
    else if (verb === 'refused') sink.refused(isErrorCode(extra) ? extra : 'internal_error');
    else if (verb === 'gone') sink.linkClosed();
  }

  /** The link holder's side: takes the request, sends it down, forwards what comes back. */
  async #take(deviceId: string, requestId: string, link: DaemonLink): Promise<void> {
    const { rows } = await this.#pool.query<{ sealed: string }>(
      'DELETE FROM computer_requests WHERE device_id = $1 AND request_id = $2 RETURNING sealed',
      [deviceId, requestId],
    );
    const sealed = rows[0]?.sealed;
    if (sealed === undefined) return;
    const answers = this.#local.computerAnswers;
    const forwarder = new ComputerForwarder(link, requestId, {
      frame: (message) =>
        this.#queue(deviceId, requestId, () =>
          this.#pool
            .query(
              `WITH stored AS (
                 INSERT INTO computer_frames (device_id, request_id, seq, sealed, last, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1
               )
               SELECT pg_notify($7, $8) FROM stored`,
              [
                deviceId,
                requestId,
                message.seq,
                message.sealed,
                message.last,
                this.#local.now(),
                CHANNELS.computer,
                `frame:${deviceId}:${requestId}:${message.seq}`,
              ],
            )
            .then(() => undefined),
        ),
      tell: (payload) => this.#queue(deviceId, requestId, () => this.#notify(payload)),
      drop: () => this.#queue(deviceId, requestId, () => this.#dropFrames(deviceId, requestId)),
      at: `${deviceId}:${requestId}`,
      remove: () => remove(),
      limits: answers.limits,
      report: (error) => this.#logger.error(`forwarding frames of ${requestId} failed: ${error.message}`),
    });
    const remove = answers.add(deviceId, requestId, forwarder);
    if (!link.send({ type: 'computer-request', requestId, sealed })) forwarder.linkClosed();
  }

  #notify(payload: string): Promise<void> {
    return this.#pool.query('SELECT pg_notify($1, $2)', [CHANNELS.computer, payload]).then(() => undefined);
  }

  /** Runs `work` after what this instance already does for the request, so its steps keep their order. */
  #queue(deviceId: string, requestId: string, work: () => Promise<void>): Promise<void> {
    const key = `${deviceId}:${requestId}`;
    const next = (this.#queues.get(key) ?? Promise.resolve()).then(work);
    const settled = next.catch(() => undefined);
    this.#queues.set(key, settled);
    void settled.then(() => {
      if (this.#queues.get(key) === settled) this.#queues.delete(key);
    });
    return next;
  }

  /** Rows nobody will finish (their instance stopped): dropped. */
  async sweep(): Promise<void> {
    const before = this.#local.now() - COMPUTER_ROW_TTL_MS;
    await this.#pool.query('DELETE FROM computer_requests WHERE created_at < $1', [before]);
    await this.#pool.query('DELETE FROM computer_frames WHERE created_at < $1', [before]);
  }
}
