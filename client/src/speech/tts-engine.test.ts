import { describe, expect, it } from 'vitest';
import { customEngine } from './engines/custom/custom-engine';
import { DEFAULT_TEMPLATE } from './engines/custom/template';
import { onDeviceEngine } from './engines/on-device/on-device-engine';
import { openAiSpeechEngine } from './engines/openai-speech';
import {
  isVoiceUnavailable,
  missingSetting,
  resolveVoice,
  type TtsConfig,
  VoiceHttpError,
  VoiceUnavailableError,
} from './tts-engine';

const config = (partial: Partial<TtsConfig> = {}): TtsConfig => ({
  values: {},
  model: '',
  voice: '',
  ...partial,
});

describe('missingSetting', () => {
  it('names the first blank required field; defaults count as filled', () => {
    expect(missingSetting(openAiSpeechEngine, config())).toBe('apiKey');
    expect(missingSetting(openAiSpeechEngine, config({ values: { apiKey: '  ' } }))).toBe('apiKey');
    expect(missingSetting(openAiSpeechEngine, config({ values: { apiKey: 'sk' } }))).toBeNull();
    expect(missingSetting(openAiSpeechEngine, config({ values: { apiKey: 'sk', baseUrl: '' } }))).toBeNull();
  });

  it('needs nothing for the on-device voice', () => {
    expect(missingSetting(onDeviceEngine, config())).toBeNull();
  });

  it('reports request for a custom template with a problem', () => {
    expect(missingSetting(customEngine, config({ request: DEFAULT_TEMPLATE }))).toBeNull();
    expect(missingSetting(customEngine, config({ request: { ...DEFAULT_TEMPLATE, body: '{}' } }))).toBe(
      'request',
    );
  });
});

describe('resolveVoice', () => {
  it('keeps a saved voice the engine offers for the language, else uses the default', () => {
    expect(resolveVoice(onDeviceEngine, 'de', 'de-DE')).toBe('de');
    expect(resolveVoice(onDeviceEngine, 'de', 'fr-FR')).toBe('fr');
    expect(resolveVoice(onDeviceEngine, '', 'en-US')).toBe('en-us');
  });

  it('keeps any saved id for engines with free-typed voices', () => {
    expect(resolveVoice(openAiSpeechEngine, 'my-clone', 'en-US')).toBe('my-clone');
    expect(resolveVoice(openAiSpeechEngine, ' ', 'en-US')).toBe('marin');
    expect(resolveVoice(customEngine, 'x', 'ja-JP')).toBe('x');
  });
});

describe('errors', () => {
  it("VoiceUnavailableError carries the flag, the cause, and the cause's words in its message", () => {
    const cause = new VoiceHttpError('boom', 503);
    const error = new VoiceUnavailableError(cause);
    expect(error.voiceUnavailable).toBe(true);
    expect(error.message).toBe('voice service unavailable: boom');
    expect(new VoiceUnavailableError().message).toBe('voice service unavailable');
    expect(error.cause).toBe(cause);
    expect(isVoiceUnavailable(error)).toBe(true);
    expect(isVoiceUnavailable({ voiceUnavailable: true })).toBe(true);
    expect(isVoiceUnavailable(cause)).toBe(false);
    expect(isVoiceUnavailable(null)).toBe(false);
  });
});
