import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigStore } from '../config/config-store';
import { buildLocalApi } from '../local-api/build-local-api';
import { createMemoryLogger } from '../log/logger';
import { speechSettingsRoutes } from './speech-settings';
import { transcriptionSettingsRoutes } from './transcription-settings';

const KEY = 'k'.repeat(43);
const auth = { authorization: `Bearer ${KEY}`, host: '127.0.0.1:8790' };
let app: FastifyInstance;

async function build() {
  const dataDir = await mkdtemp(join(tmpdir(), 'ringback-voice-'));
  const { store } = await ConfigStore.open(dataDir, createMemoryLogger());
  await store.update((current) => ({ ...current, llm: { primary: { keep: true } } }));
  app = await buildLocalApi({
    localApiKey: KEY,
    logger: createMemoryLogger(),
    routes: [speechSettingsRoutes(store), transcriptionSettingsRoutes(store)],
  });
  return { store, configFile: join(dataDir, 'daemon.json') };
}

afterEach(async () => {
  await app?.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('/speech/settings', () => {
  it('saves the voice atomically (mode 600), shows only a key hint, keeps the key when none is sent', async () => {
    const { configFile } = await build();
    expect((await call('GET', '/speech/settings')).json()).toEqual({ speech: null });
    const put = await call('PUT', '/speech/settings', {
      baseUrl: ' https://voice.example/v1 ',
      apiKey: 'sk-voice-secret-1234',
      model: 'tts-1',
      voice: 'alloy',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      speech: {
        baseUrl: 'https://voice.example/v1',
        model: 'tts-1',
        voice: 'alloy',
        format: 'mp3',
        keyHint: '****…1234',
      },
    });
    expect(put.body).not.toContain('sk-voice-secret');
    const saved = JSON.parse(await readFile(configFile, 'utf8'));
    expect(saved.speech).toEqual({
      baseUrl: 'https://voice.example/v1',
      apiKey: 'sk-voice-secret-1234',
      model: 'tts-1',
      voice: 'alloy',
      format: 'mp3',
    });
    expect(saved.llm).toEqual({ primary: { keep: true } });
    expect((await stat(configFile)).mode & 0o777).toBe(0o600);

    const changed = await call('PUT', '/speech/settings', {
      baseUrl: 'https://voice.example/v1',
      model: 'tts-1-hd',
      voice: 'nova',
      format: 'opus',
    });
    expect(changed.json().speech).toMatchObject({
      model: 'tts-1-hd',
      voice: 'nova',
      format: 'opus',
      keyHint: '****…1234',
    });
    expect(JSON.parse(await readFile(configFile, 'utf8')).speech.apiKey).toBe('sk-voice-secret-1234');

    expect((await call('DELETE', '/speech/settings')).json()).toEqual({ speech: null });
    expect(JSON.parse(await readFile(configFile, 'utf8')).speech).toBeUndefined();
  });

  it('refuses a bad address, a missing key and an unknown field', async () => {
    await build();
    const noKey = await call('PUT', '/speech/settings', {
      baseUrl: 'https://v.example',
      model: 'm',
      voice: 'v',
    });
    expect([noKey.statusCode, noKey.json().error]).toEqual([422, 'speech_key_required']);
    const badUrl = await call('PUT', '/speech/settings', {
      baseUrl: 'ftp://v',
      apiKey: 'k',
      model: 'm',
      voice: 'v',
    });
    expect([badUrl.statusCode, badUrl.json().error]).toEqual([422, 'invalid_speech_settings']);
    const extra = await call('PUT', '/speech/settings', {
      baseUrl: 'https://v',
      apiKey: 'k',
      model: 'm',
      voice: 'v',
      x: 1,
    });
    expect([extra.statusCode, extra.json().error]).toEqual([422, 'invalid_speech_settings']);
  });

  it('is reachable through the relay', async () => {
    await build();
    const relayed = await app.runRelayed('PUT', '/speech/settings', {
      baseUrl: 'https://v.example',
      apiKey: 'secret-abcd',
      model: 'm',
      voice: 'v',
    });
    expect(relayed).toMatchObject({ status: 200, body: { speech: { keyHint: '****…abcd' } } });
    expect(await app.runRelayed('GET', '/speech/settings', undefined)).toMatchObject({ status: 200 });
  });
});

describe('/transcription/settings', () => {
  it('saves, hints, keeps the key, deletes, and is reachable through the relay', async () => {
    const { configFile } = await build();
    expect((await call('GET', '/transcription/settings')).json()).toEqual({ transcription: null });
    const put = await call('PUT', '/transcription/settings', {
      baseUrl: 'http://127.0.0.1:9000/v1',
      apiKey: 'stt-secret-9876',
      model: 'whisper-1',
    });
    expect(put.json()).toEqual({
      transcription: { baseUrl: 'http://127.0.0.1:9000/v1', model: 'whisper-1', keyHint: '****…9876' },
    });
    const kept = await call('PUT', '/transcription/settings', {
      baseUrl: 'http://127.0.0.1:9000/v1',
      model: 'large-v3',
    });
    expect(kept.json().transcription).toMatchObject({ model: 'large-v3', keyHint: '****…9876' });
    expect(JSON.parse(await readFile(configFile, 'utf8')).transcription.apiKey).toBe('stt-secret-9876');
    const noKey = await call('DELETE', '/transcription/settings');
    expect(noKey.json()).toEqual({ transcription: null });
    const refused = await call('PUT', '/transcription/settings', { baseUrl: 'http://x', model: 'm' });
    expect([refused.statusCode, refused.json().error]).toEqual([422, 'transcription_key_required']);
    expect(
      await app.runRelayed('PUT', '/transcription/settings', { baseUrl: 'nope', apiKey: 'k', model: 'm' }),
    ).toMatchObject({ status: 422, body: { error: 'invalid_transcription_settings' } });
  });
});
