import {
  Aad,
  type ComputerAnswerFrame,
  type ComputerRequestPlaintext,
  generateE2eKey,
  open,
  RingbackError,
  seal,
} from '@ringback/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { ComputerRequests, type ComputerUpMessage } from './computer-requests';
import { type FakeVoiceEndpoints, startFakeVoiceEndpoints } from './fake-voice-endpoints';

let fake: FakeVoiceEndpoints;
let key: string;
let counter = 0;
const admitted = new Set<string>();
/** This computer's device id on the relay; requests name it in their AAD. */
const OWN_DEVICE = 'dev-laptop';

beforeEach(async () => {
  fake = await startFakeVoiceEndpoints();
  key = generateE2eKey();
  admitted.clear();
});
afterEach(async () => {
  await fake.close();
});

function computer(
  options: {
    configured?: boolean;
    maxRunning?: number;
    transcriptionTimeoutMs?: number;
    ackDeadlineMs?: number;
  } = {},
) {
  const configured = options.configured ?? true;
  return new ComputerRequests({
    key: () => key,
    deviceId: async () => OWN_DEVICE,
    logger: createMemoryLogger(),
    ...(options.maxRunning ? { maxRunning: options.maxRunning } : {}),
    ...(options.ackDeadlineMs ? { ackDeadlineMs: options.ackDeadlineMs } : {}),
    replays: {
      async admitComputer(requestId) {
        if (admitted.has(requestId)) throw new RingbackError('replayed_request');
        admitted.add(requestId);
      },
    },
    settings: {
      llm: () =>
        configured
          ? { baseUrl: fake.url, apiKey: 'sk-model-secret', model: 'fake-1', structuredOutput: 'json_schema' }
          : null,
      speech: () =>
        configured
          ? { baseUrl: fake.url, apiKey: 'sk-voice', model: 'tts-1', voice: 'alloy', format: 'mp3' }
          : null,
      transcription: () =>
        configured
          ? {
              baseUrl: fake.url,
              apiKey: 'sk-stt',
              model: 'whisper-1',
              ...(options.transcriptionTimeoutMs ? { timeoutMs: options.transcriptionTimeoutMs } : {}),
            }
          : null,
    },
  });
}

type Unsealed = ComputerRequestPlaintext extends infer R
  ? R extends unknown
    ? Omit<R, 'issuedAt'>
    : never
  : never;

async function sealed(request: Unsealed, requestId = `r${++counter}`, forDevice = OWN_DEVICE) {
  return {
    requestId,
    sealed: await seal(
      key,
      JSON.stringify({ ...request, issuedAt: Date.now() }),
      Aad.computerRequest(forDevice, requestId),
    ),
  };
}

/** A relay stand-in: records what the daemon sends and acknowledges every frame at once. */
function relayStandIn(requests: ComputerRequests, acknowledge = true) {
  const sent: ComputerUpMessage[] = [];
  const send = (message: ComputerUpMessage) => {
    sent.push(message);
    if (acknowledge && message.type === 'computer-frame') requests.ack(message.requestId, message.seq);
    return true;
  };
  const frames = async (requestId: string) => {
    const opened: ComputerAnswerFrame[] = [];
    for (const message of sent)
      if (message.type === 'computer-frame' && message.requestId === requestId)
        opened.push(JSON.parse(await open(key, message.sealed, Aad.computerAnswer(requestId, message.seq))));
    return opened;
  };
  return { sent, send, frames };
}

/** Waits (on a loaded machine too) until `sent` holds `count` messages. */
async function sentAtLeast(sent: readonly unknown[], count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (sent.length < count) {
    if (Date.now() > deadline) throw new Error(`${sent.length} of ${count} messages sent`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('requests to the computer', () => {
  it('stream the model answer piece by piece, each frame sealed for its place, then end', async () => {
    const requests = computer();
    const relay = relayStandIn(requests);
    const request = await sealed({
      kind: 'model.answer',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What happened?' },
      ],
    });
    await requests.start(request, relay.send);
    expect(await relay.frames(request.requestId)).toEqual([
      { type: 'text', delta: 'Hello' },
      { type: 'text', delta: ' there.' },
      { type: 'text', delta: ' All' },
      { type: 'text', delta: ' done.' },
      { type: 'end' },
    ]);
    const frames = relay.sent.filter((message) => message.type === 'computer-frame');
    expect(frames.map((message) => [message.seq, message.last])).toEqual([
      [0, false],
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    // A frame opens only at its own place.
    await expect(
      open(key, (frames[1] as { sealed: string }).sealed, Aad.computerAnswer(request.requestId, 0)),
    ).rejects.toThrow();
    const call = fake.calls[0];
    expect(call?.path).toBe('/v1/chat/completions');
    expect(call?.authorization).toBe('Bearer sk-model-secret');
    expect(JSON.parse(String(call?.body))).toMatchObject({
      model: 'fake-1',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What happened?' },
      ],
    });
    expect(requests.running).toBe(0);
  });

  it('send no more than the window ahead of the acknowledgements', async () => {
    fake.modelPieces = Array.from({ length: 40 }, (_, index) => `p${index} `);
    fake.pieceDelayMs = 0;
    const requests = computer();
    const relay = relayStandIn(requests, false);
    const request = await sealed({ kind: 'model.answer', messages: [{ role: 'user', content: 'Go' }] });
    const done = requests.start(request, relay.send);
    // At most 16 frames unacknowledged: the 16th comes, then nothing more while none is acknowledged.
    await sentAtLeast(relay.sent, 16);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(relay.sent).toHaveLength(16);
    requests.ack(request.requestId, 15);
    await sentAtLeast(relay.sent, 32);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(relay.sent).toHaveLength(32);
    requests.ack(request.requestId, 40);
    await done;
    expect(relay.sent).toHaveLength(41);
    expect((await relay.frames(request.requestId)).at(-1)).toEqual({ type: 'end' });
  });

  it('give up on a relay that stops acknowledging, and stop the model call', async () => {
    // The model streams for 2 s at least: it is still answering when the request is given up.
    fake.modelPieces = Array.from({ length: 200 }, (_, index) => `p${index} `);
    fake.pieceDelayMs = 10;
    const requests = computer({ ackDeadlineMs: 300 });
    const relay = relayStandIn(requests, false);
    const request = await sealed({ kind: 'model.answer', messages: [{ role: 'user', content: 'Go' }] });
    // No acknowledgement ever comes: the request ends by itself instead of waiting for ever.
    await requests.start(request, relay.send);
    expect(relay.sent).toHaveLength(16);
    expect(requests.running).toBe(0);
    const deadline = Date.now() + 5_000;
    while (!fake.calls[0]?.abandoned && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls[0]?.abandoned).toBe(true);
    expect(relay.sent).toHaveLength(16);
  });

  it('stop the model call when the device cancels mid-answer', async () => {
    fake.modelPieces = Array.from({ length: 50 }, () => 'word ');
    fake.pieceDelayMs = 20;
    const requests = computer();
    const relay = relayStandIn(requests);
    const request = await sealed({ kind: 'model.answer', messages: [{ role: 'user', content: 'Go' }] });
    const done = requests.start(request, relay.send);
    await sentAtLeast(relay.sent, 2);
    requests.cancel(request.requestId);
    await done;
    const count = relay.sent.length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(50);
    expect((await relay.frames(request.requestId)).some((frame) => frame.type === 'end')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.calls[0]?.abandoned).toBe(true);
    expect(relay.sent.length).toBe(count);
  });

  it('speak a sentence with the computer voice, the audio in pieces', async () => {
    fake.audio = Buffer.from(Array.from({ length: 120 * 1024 }, (_, index) => index % 251));
    const requests = computer();
    const relay = relayStandIn(requests);
    const request = await sealed({
      kind: 'speech.synthesize',
      text: 'Your build passed.',
      language: 'en-US',
      voice: { voice: 'nova', speed: 1.25 },
    });
    await requests.start(request, relay.send);
    const frames = await relay.frames(request.requestId);
    expect(frames.at(-1)).toEqual({ type: 'end' });
    const audio = frames.filter((frame) => frame.type === 'audio');
    expect(audio.length).toBeGreaterThanOrEqual(3);
    expect(audio.every((frame) => frame.mimeType === 'audio/mpeg')).toBe(true);
    expect(Buffer.concat(audio.map((frame) => Buffer.from(frame.data, 'base64')))).toEqual(fake.audio);
    expect(fake.calls[0]?.path).toBe('/v1/audio/speech');
    expect(JSON.parse(String(fake.calls[0]?.body))).toEqual({
      model: 'tts-1',
      input: 'Your build passed.',
      voice: 'nova',
      response_format: 'mp3',
      speed: 1.25,
    });
  });

  it('transcribe a recording with the computer speech-to-text (multipart: file, model, language)', async () => {
    const requests = computer();
    const relay = relayStandIn(requests);
    const recording = Buffer.from('fake opus bytes');
    const request = await sealed({
      kind: 'speech.transcribe',
      audio: recording.toString('base64'),
      mimeType: 'audio/webm;codecs=opus',
      language: 'de-DE',
    });
    await requests.start(request, relay.send);
    expect(await relay.frames(request.requestId)).toEqual([
      { type: 'transcript', text: 'hello computer' },
      { type: 'end' },
    ]);
    const call = fake.calls[0];
    expect(call?.path).toBe('/v1/audio/transcriptions');
    expect(call?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const body = String(call?.body);
    expect(body).toContain('name="file"; filename="speech.webm"');
    expect(body).toContain('fake opus bytes');
    expect(body).toMatch(/name="model"\r\n\r\nwhisper-1/);
    expect(body).toMatch(/name="language"\r\n\r\nde\r\n/);
  });

  it('answer sealed errors: not configured, an endpoint that fails or times out (never its key), a replay', async () => {
    const unset = computer({ configured: false });
    const relay = relayStandIn(unset);
    for (const [kind, code] of <[Unsealed, string][]>[
      [{ kind: 'model.answer', messages: [{ role: 'user', content: 'x' }] }, 'llm_not_configured'],
      [{ kind: 'speech.synthesize', text: 'x', language: 'en' }, 'speech_not_configured'],
      [{ kind: 'speech.transcribe', audio: 'AAAA', mimeType: 'audio/wav' }, 'transcription_not_configured'],
    ]) {
      const request = await sealed(kind);
      await unset.start(request, relay.send);
      expect(await relay.frames(request.requestId)).toEqual([
        expect.objectContaining({ type: 'error', error: code }),
      ]);
    }

    fake.failWith = 500;
    const requests = computer({ transcriptionTimeoutMs: 200 });
    const failing = relayStandIn(requests);
    const failed = await sealed({ kind: 'model.answer', messages: [{ role: 'user', content: 'x' }] });
    await requests.start(failed, failing.send);
    const [failure] = await failing.frames(failed.requestId);
    expect(failure).toMatchObject({ type: 'error', error: 'upstream_failed' });
    expect(JSON.stringify(failure)).not.toContain('sk-model-secret');

    fake.failWith = null;
    fake.stall = true;
    const slow = await sealed({ kind: 'speech.transcribe', audio: 'AAAA', mimeType: 'audio/wav' });
    await requests.start(slow, failing.send);
    expect(await failing.frames(slow.requestId)).toEqual([
      {
        type: 'error',
        error: 'upstream_failed',
        message: 'the speech-to-text endpoint did not answer in time',
      },
    ]);

    fake.stall = false;
    const replayed = await sealed({ kind: 'speech.synthesize', text: 'x', language: 'en' }, 'once');
    await requests.start(replayed, failing.send);
    const again = relayStandIn(requests);
    await requests.start(replayed, again.send);
    expect(await again.frames('once')).toEqual([
      expect.objectContaining({ type: 'error', error: 'replayed_request' }),
    ]);
  });

  it('refuse a request sealed for another computer of the account, calling nothing', async () => {
    const requests = computer();
    const relay = relayStandIn(requests);
    const forDesktop = await sealed(
      { kind: 'speech.synthesize', text: 'x', language: 'en' },
      'for-desktop',
      'dev-desktop',
    );
    await requests.start(forDesktop, relay.send);
    expect(relay.sent).toEqual([
      { type: 'computer-refused', requestId: 'for-desktop', error: 'undecryptable_request' },
    ]);
    expect(fake.calls).toEqual([]);
    expect(admitted.has('for-desktop')).toBe(false);
  });

  it('refuse what it cannot open, and more than it runs at once', async () => {
    const requests = computer({ maxRunning: 1 });
    const relay = relayStandIn(requests);
    const foreign = await sealed({ kind: 'model.answer', messages: [{ role: 'user', content: 'x' }] });
    key = generateE2eKey();
    await requests.start(foreign, relay.send);
    expect(relay.sent).toEqual([
      { type: 'computer-refused', requestId: foreign.requestId, error: 'undecryptable_request' },
    ]);

    fake.pieceDelayMs = 50;
    const first = await sealed({ kind: 'model.answer', messages: [{ role: 'user', content: 'x' }] });
    const second = await sealed({ kind: 'model.answer', messages: [{ role: 'user', content: 'y' }] });
    const running = requests.start(first, relay.send);
    await requests.start(second, relay.send);
    expect(relay.sent).toContainEqual({
      type: 'computer-refused',
      requestId: second.requestId,
      error: 'computer_busy',
    });
    await running;
    expect((await relay.frames(first.requestId)).at(-1)).toEqual({ type: 'end' });
  });
});
