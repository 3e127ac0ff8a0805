import {
  Aad,
  ComputerAnswerFrame,
  ComputerAnswerLine,
  type ComputerRequestPlaintext,
  createParser,
  type SealingKey,
} from '@ringback/protocol';
import { endpointAt, RELAY_SETTINGS_DEADLINE_MS, startDeadline, withUploadAllowance } from '../net';
import { RelayError, RelayTimeoutError, relayErrorOf } from './relay-error';
import { newRequestId } from './request-id';

/** A request to the computer as the app writes it; `issuedAt` is stamped when it is sealed. */
export type ComputerRequest = ComputerRequestPlaintext extends infer R
  ? R extends unknown
    ? Omit<R, 'issuedAt'>
    : never
  : never;

/** What the answer carries: text pieces, audio pieces or the transcript (never `end` or `error`). */
export type ComputerAnswerPiece = Exclude<ComputerAnswerFrame, { type: 'end' } | { type: 'error' }>;

export interface AskComputerOptions {
  server: string;
  token: string;
  /** The account's computer (a daemon device). */
  daemonDeviceId: string;
  key: SealingKey;
  request: ComputerRequest;
  signal?: AbortSignal;
  /** Tests pass their own; else the page's `fetch`. */
  fetch?: typeof fetch;
}

/** Past the relay's own 45 s for a first frame and between frames, so its plain error arrives first. */
export const COMPUTER_ANSWER_DEADLINE_MS = RELAY_SETTINGS_DEADLINE_MS + 5_000;

const parseLine = createParser(ComputerAnswerLine);
const parseFrame = createParser(ComputerAnswerFrame);

/**
 * Asks the account's computer through the relay (`POST /v1/devices/:id/requests`) and yields the
 * answer's pieces as they arrive. Each frame is opened at its own place, so a frame the relay
 * reordered, repeated or moved does not open; an answer that stops before its sealed `end` is
 * `cut_short`. Failures are RelayErrors: the relay's (`device_offline`, `daemon_timeout`, …) or the
 * computer's (`llm_not_configured`, `upstream_failed`, …). Stopping early (`return`, `signal`)
 * hangs up, which cancels the work at the computer.
 */
export async function* askComputer(options: AskComputerOptions): AsyncGenerator<ComputerAnswerPiece> {
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const requestId = newRequestId();
  const sealed = await options.key.seal(
    JSON.stringify({ ...options.request, issuedAt: Date.now() }),
    Aad.computerRequest(options.daemonDeviceId, requestId),
  );
  const url = `${options.server.replace(/\/+$/, '')}/v1/devices/${encodeURIComponent(options.daemonDeviceId)}/requests`;
  const deadline = startDeadline({
    ms: withUploadAllowance(COMPUTER_ANSWER_DEADLINE_MS, sealed.length),
    endpoint: endpointAt('the relay', url),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const failed = (own: () => unknown) => {
    if (deadline.expired) return new RelayTimeoutError(deadline.expired);
    if (options.signal?.aborted) return options.signal.reason;
    return own();
  };
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  try {
    let response: Response;
    try {
      response = await fetcher(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requestId, sealed }),
        signal: deadline.signal,
      });
    } catch (error) {
      throw failed(
        () =>
          new RelayError(0, 'network_error', `the relay could not be reached: ${(error as Error).message}`),
      );
    }
    if (!response.ok) throw await relayErrorOf(response);
    if (!response.body) throw new RelayError(0, 'invalid_response', 'the relay answered without a body');
    reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    let seq = 0;
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw failed(
          () => new RelayError(0, 'network_error', `the answer broke off: ${(error as Error).message}`),
        );
      }
      if (chunk.done) throw new RelayError(0, 'cut_short', 'the answer was cut short');
      deadline.restart(COMPUTER_ANSWER_DEADLINE_MS, { stalled: true });
      buffered += decoder.decode(chunk.value, { stream: true });
      for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
        const text = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        const frame = await openLine(text, requestId, seq, options.key);
        seq += 1;
        if (frame.type === 'end') return;
        if (frame.type === 'error') throw new RelayError(0, frame.error, frame.message ?? frame.error);
        yield frame;
      }
    }
  } finally {
    deadline.clear();
    // Stopped early: hanging up tells the relay, which cancels the work at the computer.
    await reader?.cancel().catch(() => undefined);
  }
}

async function openLine(
  text: string,
  requestId: string,
  seq: number,
  key: SealingKey,
): Promise<ComputerAnswerFrame> {
  let line: ComputerAnswerLine;
  try {
    line = parseLine.parse(JSON.parse(text));
  } catch {
    throw new RelayError(0, 'invalid_response', 'the relay sent a line that is not an answer frame');
  }
  if ('error' in line) throw new RelayError(0, line.error, line.message ?? line.error);
  if (line.seq !== seq) throw new RelayError(0, 'invalid_response', 'the answer’s frames came out of order');
  let opened: unknown;
  try {
    opened = JSON.parse(await key.open(line.sealed, Aad.computerAnswer(requestId, seq)));
  } catch (error) {
    throw new RelayError(
      0,
      'undecryptable_response',
      `a frame of the answer could not be opened: ${(error as Error).message}`,
    );
  }
  try {
    return parseFrame.parse(opened);
  } catch (error) {
    throw new RelayError(
      0,
      'invalid_response',
      `a frame of the answer is malformed: ${(error as Error).message}`,
    );
  }
}
