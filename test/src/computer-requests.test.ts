import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeLlm } from './fakes/fake-llm-server';
import { startFakeVoicePlatform } from './fakes/fake-voice-platform';
import { answerText, askComputer, sealComputerRequest } from './support/computer-requests';
import { startRelayAndComputer } from './support/relay-and-computer';
import { sealSettingsRequest, sendSettingsRequest } from './support/relayed-settings';
import { waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const QUESTION = 'Why did the Quetzalcoatl migration stop halfway?';
const ANSWER =
  'The Wolframite index was missing, so the second batch failed. Rebuild it and run the migration again.';

async function filesUnder(dir: string): Promise<Buffer[]> {
  const found: Buffer[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else found.push(await readFile(path));
  }
  return found;
}

describe('a device asks its computer through the relay', () => {
  it('gets the model answer streamed and sealed; hang-ups and a vanished computer end it; the relay keeps no plaintext', async () => {
    const llm = await startFakeLlm();
    cleanups.push(llm.close);
    llm.setDefault({ content: ANSWER });
    const up = await startRelayAndComputer({
      config: { llm: { primary: { baseUrl: llm.url, apiKey: 'sk-computer-e2e', model: 'fake-1' } } },
    });
    cleanups.push(up.close);
    const { relay, computer, daemon, key } = up;
    const phone = await relay.pair(computer, 'app', 'Phone');
    const ask = async (question: string, options: Parameters<typeof askComputer>[5] = {}) =>
      askComputer(
        relay.url,
        phone.deviceToken,
        computer.deviceId,
        await sealComputerRequest(key, computer.deviceId, {
          kind: 'model.answer',
          messages: [
            { role: 'system', content: 'Answer in two sentences.' },
            { role: 'user', content: question },
          ],
        }),
        key,
        options,
      );

    await waitFor(async () => (await ask('ping')).status === 200, 10_000, 'the link');

    const answer = await ask(QUESTION);
    expect(answer.status).toBe(200);
    expect(answer.error).toBeUndefined();
    // Streamed as the model wrote it: many text frames, in order, then end.
    expect(answer.frames.filter((frame) => frame.type === 'text').length).toBeGreaterThan(5);
    expect(answer.frames.at(-1)).toEqual({ type: 'end' });
    expect(answerText(answer)).toBe(ANSWER);
    const sent = llm.requests.at(-1)?.body;
    expect(sent).toMatchObject({ stream: true, model: 'fake-1' });
    expect(sent?.messages?.at(-1)).toEqual({ role: 'user', content: QUESTION });

    // A device that hangs up mid-answer: the computer stops (no end frame was needed).
    const long = `${ANSWER} `.repeat(12);
    llm.setDefault({ content: long });
    const hangUp = new AbortController();
    const cut = await ask(QUESTION, {
      signal: hangUp.signal,
      onFrame: (frame) => {
        if (frame.type === 'text') hangUp.abort();
      },
    }).catch((error: Error) => error);
    expect(cut).toBeInstanceOf(Error);
    // The next request gets the account's slot and a whole answer.
    llm.setDefault({ content: ANSWER });
    expect(answerText(await ask('again'))).toBe(ANSWER);

    // The computer goes away mid-answer: the answer ends with the relay's error line.
    llm.setDefault({ content: long });
    let killing: Promise<void> | null = null;
    const vanished = await ask(QUESTION, {
      onFrame: () => {
        killing ??= daemon.kill('SIGKILL');
      },
    });
    await killing;
    expect(vanished.status).toBe(200);
    expect(vanished.error).toBe('device_offline');
    expect(vanished.frames.some((frame) => frame.type === 'end')).toBe(false);
    expect(answerText(vanished).length).toBeLessThan(long.length);

    // Nothing of the question or the answer in the relay's database files or its logs.
    await relay.kill();
    const files = await filesUnder(relay.dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const secret of ['Quetzalcoatl', 'Wolframite', 'two sentences']) {
      for (const file of files) expect(file.includes(secret), secret).toBe(false);
      expect(relay.output()).not.toContain(secret);
    }
  });

  it('speaks and transcribes with the voice set on the computer from the phone, through the sealed settings channel', async () => {
    const audio = Buffer.from(Array.from({ length: 150 * 1024 }, (_, index) => (index * 7) % 256));
    const platform = await startFakeVoicePlatform(audio, 'Merge the Kestrel branch');
    cleanups.push(platform.close);
    const up = await startRelayAndComputer({});
    cleanups.push(up.close);
    const { relay, computer, key } = up;
    const phone = await relay.pair(computer, 'app', 'Phone');
    const settings = async (path: string, body?: object) =>
      sendSettingsRequest(
        relay.url,
        phone.deviceToken,
        computer.deviceId,
        await sealSettingsRequest(key, computer.deviceId, {
          method: body ? 'PUT' : 'GET',
          path,
          ...(body ? { body } : {}),
        }),
        key,
      );
    await waitFor(async () => (await settings('/speech/settings')).status === 200, 10_000, 'the link');
    const ask = async (request: Parameters<typeof sealComputerRequest>[2]) =>
      askComputer(
        relay.url,
        phone.deviceToken,
        computer.deviceId,
        await sealComputerRequest(key, computer.deviceId, request),
        key,
      );

    // Not set yet: a sealed error the phone can show.
    const unset = await ask({ kind: 'speech.synthesize', text: 'Hello.', language: 'en-US' });
    expect(unset.frames).toEqual([
      expect.objectContaining({ type: 'error', error: 'speech_not_configured' }),
    ]);

    const voice = await settings('/speech/settings', {
      baseUrl: platform.url,
      apiKey: 'sk-voice-e2e-7777',
      model: 'tts-1',
      voice: 'alloy',
    });
    expect(voice.result).toEqual({
      status: 200,
      body: {
        speech: {
          baseUrl: platform.url,
          model: 'tts-1',
          voice: 'alloy',
          format: 'mp3',
          keyHint: '****…7777',
        },
      },
    });
    const hearing = await settings('/transcription/settings', {
      baseUrl: platform.url,
      apiKey: 'sk-stt-e2e-8888',
      model: 'whisper-1',
    });
    expect(hearing.result).toMatchObject({ status: 200, body: { transcription: { keyHint: '****…8888' } } });

    const spoken = await ask({
      kind: 'speech.synthesize',
      text: 'The Kestrel build is green.',
      language: 'en-US',
    });
    expect(spoken.frames.at(-1)).toEqual({ type: 'end' });
    const pieces = spoken.frames.filter((frame) => frame.type === 'audio');
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces.map((frame) => Buffer.from(frame.data, 'base64')))).toEqual(audio);
    expect(JSON.parse(String(platform.calls.at(-1)?.body))).toMatchObject({
      model: 'tts-1',
      voice: 'alloy',
      input: 'The Kestrel build is green.',
    });
    expect(platform.calls.at(-1)?.authorization).toBe('Bearer sk-voice-e2e-7777');

    const heard = await ask({
      kind: 'speech.transcribe',
      audio: Buffer.from('a recording of the question').toString('base64'),
      mimeType: 'audio/webm',
      language: 'en-US',
    });
    expect(heard.frames).toEqual([{ type: 'transcript', text: 'Merge the Kestrel branch' }, { type: 'end' }]);
    const multipart = String(platform.calls.at(-1)?.body);
    expect(multipart).toContain('a recording of the question');
    expect(multipart).toMatch(/name="model"\r\n\r\nwhisper-1/);
    expect(multipart).toMatch(/name="language"\r\n\r\nen\r\n/);

    await relay.kill();
    for (const file of await filesUnder(relay.dataDir))
      for (const secret of ['Kestrel', 'sk-voice-e2e', 'a recording of the question'])
        expect(file.includes(secret), secret).toBe(false);
    expect(relay.output()).not.toContain('Kestrel');
  });
});
