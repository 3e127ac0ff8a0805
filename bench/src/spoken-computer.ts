import { Aad, type ComputerAnswerFrame, type ComputerAnswerLine, type SealingKey } from '@ringback/protocol';
import { askComputer, type ComputerRequest, sealComputerRequest } from '@ringback/test';
import type { AnswerReader } from './first-sentence';

// The same three steps through the computer: each a sealed request to
// `POST /v1/devices/:daemonDeviceId/requests`, run by the daemon with its own settings, answered as
// sealed NDJSON frames. Asked with the test helpers, which put on the wire what the app's
// askComputer does (client/src/relay/ask-computer.ts) and open each frame at its place.

export interface ComputerWay {
  relayUrl: string;
  /** The phone's device token. */
  token: string;
  daemonDeviceId: string;
  /** Imported once, as the app holds its key (client/src/storage/idb-key-vault.ts). */
  key: SealingKey;
}

async function ask(way: ComputerWay, request: ComputerRequest): Promise<ComputerAnswerFrame[]> {
  const sealed = await sealComputerRequest(way.key, way.daemonDeviceId, request);
  const answer = await askComputer(way.relayUrl, way.token, way.daemonDeviceId, sealed, way.key);
  const last = answer.frames.at(-1);
  if (answer.status !== 200 || last?.type !== 'end')
    throw new Error(
      `the computer answered ${answer.status} ${answer.error ?? (last?.type === 'error' ? last.error : 'no end')}`,
    );
  return answer.frames;
}

/** `speech.transcribe`: the recording base64 in the sealed request, the words in a `transcript` frame. */
export async function transcribeThroughComputer(
  way: ComputerWay,
  clip: Uint8Array,
  language: string,
): Promise<string> {
  const frames = await ask(way, {
    kind: 'speech.transcribe',
    audio: Buffer.from(clip).toString('base64'),
    mimeType: 'audio/wav',
    language,
  });
  return frames
    .map((frame) => (frame.type === 'transcript' ? frame.text : ''))
    .join('')
    .trim();
}

/**
 * `model.answer`: each `text` frame's delta goes to `onDelta`, read as the app's askComputer reads
 * it (each frame opened at its place); once `onDelta` has enough, the body is cancelled, which
 * the relay passes on to the computer, as when the app stops early. Read here rather than with
 * the test helper, which can only hang up by an AbortSignal (see AnswerReader).
 */
export function answerThroughComputer(
  way: ComputerWay,
  messages: { role: 'system' | 'user'; content: string }[],
): AnswerReader {
  return async (onDelta) => {
    const request = await sealComputerRequest(way.key, way.daemonDeviceId, {
      kind: 'model.answer',
      messages,
    });
    const response = await fetch(`${way.relayUrl}/v1/devices/${way.daemonDeviceId}/requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${way.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (response.status !== 200 || !response.body)
      throw new Error(`the relay answered ${response.status}: ${await response.text()}`);
    const decoder = new TextDecoder();
    let buffered = '';
    let seq = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
        const line = JSON.parse(buffered.slice(0, at)) as ComputerAnswerLine;
        buffered = buffered.slice(at + 1);
        if ('error' in line) throw new Error(`the relay: ${line.error}`);
        const frame = JSON.parse(
          await way.key.open(line.sealed, Aad.computerAnswer(request.requestId, seq)),
        ) as ComputerAnswerFrame;
        seq += 1;
        if (frame.type === 'end') return;
        if (frame.type === 'error') throw new Error(`the computer: ${frame.error}`);
        if (frame.type === 'text' && frame.delta !== '' && onDelta(frame.delta) === 'enough') return;
      }
    }
    throw new Error('the answer was cut short');
  };
}

/** `speech.synthesize`: the sentence's audio pieces, joined once the sealed `end` came. */
export async function synthesizeThroughComputer(way: ComputerWay, text: string): Promise<Uint8Array> {
  const frames = await ask(way, { kind: 'speech.synthesize', text, language: 'en' });
  return Buffer.concat(
    frames.flatMap((frame) => (frame.type === 'audio' ? [Buffer.from(frame.data, 'base64')] : [])),
  );
}
