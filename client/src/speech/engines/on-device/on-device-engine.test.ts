import { describe, expect, it, vi } from 'vitest';
import type { EspeakClient } from './espeak-client';
import { createOnDeviceEngine } from './on-device-engine';

const fakeClient = () => {
  const synthesize = vi.fn<EspeakClient['synthesize']>(async () => new Uint8Array([82, 73, 70, 70]).buffer);
  return { client: { synthesize }, synthesize };
};
const config = { values: {}, model: '', voice: '' };
const ctx = { fetch: vi.fn<typeof fetch>() };

describe('on-device engine', () => {
  it('needs no account: no fields, free category, no network', async () => {
    const { client, synthesize } = fakeClient();
    const engine = createOnDeviceEngine(() => client);
    expect(engine).toMatchObject({
      id: 'on-device',
      category: 'free',
      fields: [],
      rate: { min: 0.5, max: 2 },
    });
    const blob = await engine.synthesize(
      { text: 'Hola', voice: 'es-419', model: '', rate: 2, language: 'es-MX' },
      config,
      ctx,
    );
    expect(blob.type).toBe('audio/wav');
    expect(synthesize).toHaveBeenCalledWith(
      { text: 'Hola', voice: 'es-419', wordsPerMinute: 350 },
      undefined,
    );
    expect(ctx.fetch).not.toHaveBeenCalled();
  });

  it('uses the language’s voice when the given voice is not one it offers for that language', async () => {
    const { client, synthesize } = fakeClient();
    const engine = createOnDeviceEngine(() => client);
    await engine.synthesize(
      { text: 'Hallo', voice: 'en-us', model: '', rate: 1, language: 'de-DE' },
      config,
      ctx,
    );
    expect(synthesize.mock.calls[0]?.[0].voice).toBe('de');
  });

  it('refuses a language it does not speak, saying so', async () => {
    const { client, synthesize } = fakeClient();
    const engine = createOnDeviceEngine(() => client);
    await expect(
      engine.synthesize({ text: 'Sawubona', voice: '', model: '', rate: 1, language: 'zu-ZA' }, config, ctx),
    ).rejects.toThrow('does not speak Zulu');
    expect(synthesize).not.toHaveBeenCalled();
    expect(engine.voices('zu-ZA')).toEqual([]);
    expect(engine.defaultVoice('zu-ZA')).toBe('');
  });

  it('passes the abort signal to the worker client', async () => {
    const { client, synthesize } = fakeClient();
    const engine = createOnDeviceEngine(() => client);
    const controller = new AbortController();
    await engine.synthesize({ text: 'Hi', voice: '', model: '', rate: 1, language: 'en-US' }, config, {
      ...ctx,
      signal: controller.signal,
    });
    expect(synthesize.mock.calls[0]?.[1]).toBe(controller.signal);
  });
});

describe('warmUpOnDeviceVoice', () => {
  const onDevice = { engineId: 'on-device' };

  it('runs one tiny job and reports whether the voice works, never rejecting', async () => {
    const { warmUpOnDeviceVoice } = await import('./on-device-engine');
    const { client, synthesize } = fakeClient();
    await expect(warmUpOnDeviceVoice(onDevice, 'en-US', client)).resolves.toBe(true);
    expect(synthesize).toHaveBeenCalledTimes(1);
    synthesize.mockRejectedValueOnce(new Error('no data'));
    await expect(warmUpOnDeviceVoice(onDevice, 'en-US', client)).resolves.toBe(false);
  });

  it('loads only the brief language’s voice', async () => {
    const { warmUpOnDeviceVoice } = await import('./on-device-engine');
    const { client, synthesize } = fakeClient();
    await warmUpOnDeviceVoice(onDevice, 'ru-RU', client);
    await warmUpOnDeviceVoice(onDevice, 'en-US', client);
    expect(synthesize.mock.calls.map(([request]) => request.voice)).toEqual(['ru', 'en-us']);
  });

  it('downloads nothing when calls use another voice, or the language has no on-device voice', async () => {
    const { warmUpOnDeviceVoice } = await import('./on-device-engine');
    const { client, synthesize } = fakeClient();
    for (const engineId of ['computer', 'openai', 'custom'])
      await expect(warmUpOnDeviceVoice({ engineId }, 'en-US', client)).resolves.toBe(false);
    await expect(warmUpOnDeviceVoice(onDevice, 'fil-PH', client)).resolves.toBe(false);
    expect(synthesize).not.toHaveBeenCalled();
  });
});
