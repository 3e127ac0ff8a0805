import {
  Aad,
  type ComputerAnswerFrame,
  type ComputerAnswerLine,
  type ComputerRequestPlaintext,
  open,
  type SealingKey,
  seal,
} from '@ringback/protocol';

/** A request as a device writes it, before `issuedAt` is stamped. */
export type ComputerRequest = ComputerRequestPlaintext extends infer R
  ? R extends unknown
    ? Omit<R, 'issuedAt'>
    : never
  : never;

export interface ComputerAnswer {
  status: number;
  /** A plain error: the HTTP body's before the first frame, or the relay's last line after it. */
  error?: string;
  /** The frames, opened and checked to be in order. */
  frames: ComputerAnswerFrame[];
  /** ms from sending the request to the first frame's line (null when none came). */
  firstFrameMs: number | null;
}

let counter = 0;

/**
 * The e2e key as `k1_` text, or imported once as the app holds it (a SealingKey: one cipher call
 * a frame instead of a key import each time).
 */
export type E2eKey = string | SealingKey;

const sealWith = (key: E2eKey, plaintext: string, aad: string) =>
  typeof key === 'string' ? seal(key, plaintext, aad) : key.seal(plaintext, aad);
const openWith = (key: E2eKey, sealed: string, aad: string) =>
  typeof key === 'string' ? open(key, sealed, aad) : key.open(sealed, aad);

/** Seals a request to the computer `daemonDeviceId` as a device does. */
export async function sealComputerRequest(
  key: E2eKey,
  daemonDeviceId: string,
  request: ComputerRequest,
  requestId = `cr-${process.pid}-${++counter}`,
): Promise<{ requestId: string; sealed: string }> {
  const plaintext = { ...request, issuedAt: Date.now() };
  return {
    requestId,
    sealed: await sealWith(key, JSON.stringify(plaintext), Aad.computerRequest(daemonDeviceId, requestId)),
  };
}

/**
 * POSTs a sealed request to `/v1/devices/<deviceId>/requests` and reads the NDJSON answer as it
 * streams, opening each frame at its place (a frame out of place does not open). `onFrame` sees
 * each frame as it arrives; `signal` hangs up.
 */
export async function askComputer(
  relayUrl: string,
  token: string,
  deviceId: string,
  request: { requestId: string; sealed: string },
  key: E2eKey,
  options: { signal?: AbortSignal; onFrame?: (frame: ComputerAnswerFrame) => void } = {},
): Promise<ComputerAnswer> {
  const started = performance.now();
  const response = await fetch(`${relayUrl}/v1/devices/${deviceId}/requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (response.status !== 200) {
    const body = (await response.json()) as { error?: string };
    return {
      status: response.status,
      ...(body.error ? { error: body.error } : {}),
      frames: [],
      firstFrameMs: null,
    };
  }
  const answer: ComputerAnswer = { status: 200, frames: [], firstFrameMs: null };
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      const line = JSON.parse(buffered.slice(0, at)) as ComputerAnswerLine;
      buffered = buffered.slice(at + 1);
      if ('error' in line) {
        answer.error = line.error;
        continue;
      }
      answer.firstFrameMs ??= performance.now() - started;
      const frame = JSON.parse(
        await openWith(key, line.sealed, Aad.computerAnswer(request.requestId, answer.frames.length)),
      ) as ComputerAnswerFrame;
      answer.frames.push(frame);
      options.onFrame?.(frame);
    }
  }
  return answer;
}

/** The answer's text, from its `text` frames. */
export const answerText = (answer: ComputerAnswer): string =>
  answer.frames.map((frame) => (frame.type === 'text' ? frame.delta : '')).join('');
