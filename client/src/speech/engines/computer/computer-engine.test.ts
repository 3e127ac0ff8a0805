import { Aad, sealingKeyFromText } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { createComputerLinkHolder } from '../../../relay/computer-link';
import { RelayError } from '../../../relay/relay-error';
import { createSpeechCache } from '../../speech-cache';
import { createSpeechService } from '../../speech-service';
import type { TtsEngine } from '../../tts-engine';
import { type ComputerEngineOptions, createComputerEngine } from './computer-engine';
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
async function relay(
  answer: {
    pieces?: string[];
    error?: string;
    status?: number;
    unreachable?: boolean;
    /** Answered first, one per request, before the answer above: capacity refusals. */
    refusals?: Refusal[];
  },
  engineOptions: Partial<ComputerEngineOptions> = {},
) {
  const key = await sealingKeyFromText(KEY);
  const requests: Record<string, unknown>[] = [];
  const refusals = [...(answer.refusals ?? [])];
  const fetcher: typeof fetch = async (url, init) => {
    if (answer.unreachable) throw new TypeError('Failed to fetch');
    const body = JSON.parse(String(init?.body)) as { requestId: string; sealed: string };
    const daemonDeviceId = decodeURIComponent(
      /\/v1\/devices\/([^/]+)\/requests$/.exec(String(url))?.[1] ?? '',
    );
    requests.push(
      JSON.parse(await key.open(body.sealed, Aad.computerRequest(daemonDeviceId, body.requestId))),
    );
    const refusal = refusals.shift();
    if (refusal)
      return new Response(JSON.stringify({ error: refusal.error, message: refusal.error }), {
        status: refusal.status,
        headers: refusal.retryAfter ? { 'retry-after': refusal.retryAfter } : {},
      });
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
  const engine = createComputerEngine({ ask: link.ask, fallback: fakeOnDevice, status, ...engineOptions });
  return { engine, requests, status, link };
}

type Refusal = { status: number; error: string; retryAfter?: string };
const BUSY: Refusal = { status: 503, error: 'computer_busy' };
const TOO_MANY: Refusal = { status: 429, error: 'too_many_computer_requests' };

/** A clock that only moves when the engine waits: what it waited for, and no real time spent. */
function fakeClock() {
  let at = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => at,
    wait: async (ms: number) => {
      waits.push(ms);
      at += ms;
    },
  };
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

  it('speaks with the on-device voice while a computer that just stopped abruptly refuses requests', async () => {
    const { engine, status } = await relay({ error: 'replayed_request' });
    expect(await (await engine.synthesize(INPUT, CONFIG, { fetch })).text()).toContain('device:');
    expect(status.get()).toBe('computer_busy');
  });

  it('computer engine: undecryptable_request from the computer still speaks with the on-device voice', async () => {
    // The computer could not open the request (an app or a computer on the previous version, or
    // different end-to-end keys): the relay answers 400 undecryptable_request, and the call still rings.
    const { engine, status } = await relay({ status: 400, error: 'undecryptable_request' });
    expect(await (await engine.synthesize(INPUT, CONFIG, { fetch })).text()).toBe(
      'device:en-us:The build is green.',
    );
    expect(status.get()).toBe('undecryptable_request');
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

  describe('when the computer is at its limit (a phone and a desktop preparing one call)', () => {
    it('waits its turn after a 503 computer_busy and speaks with the computer’s voice', async () => {
      const clock = fakeClock();
      const { engine, requests, status } = await relay(
        { pieces: [btoa('computer')], refusals: [BUSY, BUSY] },
        { now: clock.now, wait: clock.wait, random: () => 0 },
      );
      expect(await (await engine.synthesize(INPUT, CONFIG, { fetch })).text()).toBe('computer');
      expect(requests).toHaveLength(3);
      expect(clock.waits).toHaveLength(2);
      expect(status.get()).toBeNull();
    });

    it('waits its turn when the relay as a whole is at its cap (503 relay_busy)', async () => {
      const clock = fakeClock();
      const { engine, requests } = await relay(
        { pieces: [btoa('computer')], refusals: [{ status: 503, error: 'relay_busy' }] },
        { now: clock.now, wait: clock.wait, random: () => 0 },
      );
      expect(await (await engine.synthesize(INPUT, CONFIG, { fetch })).text()).toBe('computer');
      expect(requests).toHaveLength(2);
    });

    it('waits as long as the relay’s Retry-After says after a 429', async () => {
      const clock = fakeClock();
      const { engine } = await relay(
        { pieces: [btoa('computer')], refusals: [{ ...TOO_MANY, retryAfter: '2' }] },
        { now: clock.now, wait: clock.wait, random: () => 0 },
      );
      expect(await (await engine.synthesize(INPUT, CONFIG, { fetch })).text()).toBe('computer');
      expect(clock.waits).toEqual([2000]);
    });

    it('speaks with the on-device voice when still refused at the end of its wait, and says why', async () => {
      const clock = fakeClock();
      const { engine, requests, status } = await relay(
        { pieces: [btoa('computer')], refusals: Array.from({ length: 100 }, () => TOO_MANY) },
        { now: clock.now, wait: clock.wait, random: () => 0, turnWaitMs: 10_000 },
      );
      expect(await (await engine.synthesize(INPUT, CONFIG, { fetch })).text()).toBe(
        'device:en-us:The build is green.',
      );
      expect(clock.now()).toBeLessThanOrEqual(10_000);
      expect(requests.length).toBeGreaterThan(2);
      expect(status.get()).toBe('computer_busy');
    });

    it('does not wait again for every sentence once the computer stayed busy', async () => {
      const clock = fakeClock();
      const { engine, requests } = await relay(
        { pieces: [btoa('computer')], refusals: Array.from({ length: 100 }, () => BUSY) },
        { now: clock.now, wait: clock.wait, random: () => 0, turnWaitMs: 10_000 },
      );
      await engine.synthesize(INPUT, CONFIG, { fetch });
      const waited = clock.now();
      const asked = requests.length;
      expect(await (await engine.synthesize({ ...INPUT, text: 'Next.' }, CONFIG, { fetch })).text()).toBe(
        'device:en-us:Next.',
      );
      expect(clock.now()).toBe(waited);
      expect(requests.length).toBe(asked + 1);
    });

    it('stops waiting when the call is given up', async () => {
      const controller = new AbortController();
      const { engine } = await relay(
        { pieces: [btoa('computer')], refusals: Array.from({ length: 100 }, () => BUSY) },
        {
          wait: async () => {
            controller.abort(new Error('hung up'));
            throw new Error('hung up');
          },
        },
      );
      await expect(engine.synthesize(INPUT, CONFIG, { fetch, signal: controller.signal })).rejects.toThrow(
        'hung up',
      );
    });

    it('through the speech service, a refused sentence never fails the call', async () => {
      const { engine } = await relay(
        { pieces: [btoa('computer')], refusals: Array.from({ length: 100 }, () => TOO_MANY) },
        { turnWaitMs: 300 },
      );
      const service = createSpeechService({ engines: [engine], cache: createSpeechCache() });
      const audio = await service.synthesize('Hello.', {
        engineId: 'computer',
        config: CONFIG,
        language: 'en-US',
        rate: 1,
      });
      expect(await audio.text()).toBe('device:en-us:Hello.');
    });
  });
});
