import { Aad, sealingKeyFromText } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { createComputerLinkHolder } from '../../../relay/computer-link';
import { RelayError } from '../../../relay/relay-error';
import { createSpeechCache } from '../../speech-cache';
import { createSpeechService } from '../../speech-service';
import type { TtsEngine } from '../../tts-engine';
import { createComputerEngine } from './computer-engine';
import { createComputerVoiceStatus } from './computer-voice-status';

const KEY = `k1_${'A'.repeat(43)}`;
const INPUT = { text: 'The build is green.', voice: '', model: '', rate: 1, language: 'en-US' };
const CONFIG = { values: {}, model: '', voice: '' };

/** The on-device voice stand-in: a tiny WAV that says which sentence it was. */
const fakeOnDevice: TtsEngine = {
  id: 'on-device',
  name: 'On-device voice',
  category: 'free',
  fields: [],
  models: [],
  voices: () => [],
  customVoice: false,
  defaultVoice: () => 'en-us',
  rate: { min: 0.5, max: 2 },
  synthesize: async (input) => new Blob([`device:${input.voice}:${input.text}`], { type: 'audio/wav' }),
};

/** A relay that opens the sealed request and answers with sealed audio pieces, or a plain error. */
async function relay(answer: { pieces?: string[]; error?: string; status?: number; unreachable?: boolean }) {
  const key = await sealingKeyFromText(KEY);
  const requests: Record<string, unknown>[] = [];
  const fetcher: typeof fetch = async (url, init) => {
    if (answer.unreachable) throw new TypeError('Failed to fetch');
    const body = JSON.parse(String(init?.body)) as { requestId: string; sealed: string };
    const daemonDeviceId = decodeURIComponent(
      /\/v1\/devices\/([^/]+)\/requests$/.exec(String(url))?.[1] ?? '',
    );
    requests.push(
      JSON.parse(await key.open(body.sealed, Aad.computerRequest(daemonDeviceId, body.requestId))),
    );
    if (answer.status)
      return new Response(JSON.stringify({ error: answer.error }), { status: answer.status });
    const frames = [
      ...(answer.pieces ?? []).map((data) => ({ type: 'audio', mimeType: 'audio/mpeg', data })),
      answer.error ? { type: 'error', error: answer.error } : { type: 'end' },
    ];
    let text = '';
    for (const [seq, frame] of frames.entries()) {
      const sealed = await key.seal(JSON.stringify(frame), Aad.computerAnswer(body.requestId, seq));
      text += `${JSON.stringify({ seq, sealed })}\n`;
    }
    return new Response(text, { headers: { 'content-type': 'application/x-ndjson' } });
  };
  const link = createComputerLinkHolder(undefined, fetcher);
  link.set({ server: 'http://relay.test', token: 'dev_t', daemonDeviceId: 'dev-laptop', key });
  const status = createComputerVoiceStatus();
  const engine = createComputerEngine({ ask: link.ask, fallback: fakeOnDevice, status });
  return { engine, requests, status, link };
}

describe('the "Your computer" voice', () => {
  it('asks the computer for the sentence and joins its audio pieces into one Blob', async () => {
    const { engine, requests, status } = await relay({ pieces: [btoa('ID3-'), btoa('frames')] });
    const audio = await engine.synthesize({ ...INPUT, voice: 'alloy', rate: 1.25 }, CONFIG, { fetch });
    expect(audio.type).toBe('audio/mpeg');
    expect(await audio.text()).toBe('ID3-frames');
    expect(requests[0]).toMatchObject({
      kind: 'speech.synthesize',
      text: 'The build is green.',
      language: 'en-US',
      voice: { voice: 'alloy', speed: 1.25 },
    });
    expect(status.get()).toBeNull();
  });

  it('leaves voice and speed to the computer when none is chosen', async () => {
    const { engine, requests } = await relay({ pieces: [btoa('x')] });
    await engine.synthesize(INPUT, CONFIG, { fetch });
    expect(requests[0]).not.toHaveProperty('voice');
  });

  it('speaks with the on-device voice when the computer is offline, and says why', async () => {
    const { engine, status } = await relay({ status: 503, error: 'device_offline' });
    const audio = await engine.synthesize(INPUT, CONFIG, { fetch });
    expect(await audio.text()).toBe('device:en-us:The build is green.');
    expect(status.get()).toBe('device_offline');
  });

  it('speaks with the on-device voice when the relay cannot be reached, so the call still rings', async () => {
    const { engine, status } = await relay({ unreachable: true });
    expect(await (await engine.synthesize(INPUT, CONFIG, { fetch })).text()).toBe(
      'device:en-us:The build is green.',
    );
    expect(status.get()).toBe('device_offline');
  });

  it('speaks with the on-device voice when the computer did not answer in time', async () => {
    const { engine, status } = await relay({ status: 504, error: 'daemon_timeout' });
    expect(await (await engine.synthesize(INPUT, CONFIG, { fetch })).text()).toContain('device:');
    expect(status.get()).toBe('device_offline');
  });

  it('speaks with the on-device voice when the computer has no voice set', async () => {
    const { engine, status } = await relay({ error: 'speech_not_configured' });
    expect(await (await engine.synthesize(INPUT, CONFIG, { fetch })).text()).toContain('device:');
    expect(status.get()).toBe('speech_not_configured');
  });

  it('treats a device with no link to its computer yet as offline', async () => {
    const { engine, status, link } = await relay({ pieces: [btoa('x')] });
    link.set(null);
    expect(await (await engine.synthesize(INPUT, CONFIG, { fetch })).text()).toContain('device:');
    expect(status.get()).toBe('device_offline');
  });

  it('fails the sentence (no fallback) when the computer’s voice platform refused it', async () => {
    const { engine } = await relay({ error: 'upstream_failed' });
    await expect(engine.synthesize(INPUT, CONFIG, { fetch })).rejects.toBeInstanceOf(RelayError);
  });

  it('clears the note once the computer speaks again', async () => {
    const { engine, status } = await relay({ pieces: [btoa('x')] });
    status.set('device_offline');
    await engine.synthesize(INPUT, CONFIG, { fetch });
    expect(status.get()).toBeNull();
  });

  it('never caches the on-device stand-in as the computer’s audio', async () => {
    const { engine } = await relay({ status: 503, error: 'device_offline' });
    const cache = createSpeechCache();
    const service = createSpeechService({ engines: [engine], cache, retries: 0 });
    const options = { engineId: 'computer', config: CONFIG, language: 'en-US', rate: 1 };
    await service.synthesize('Hello.', options);
    expect(service.isCached('Hello.', options)).toBe(false);
  });
});
