import { describe, expect, it } from 'vitest';
import { DEFAULT_TTS_ENGINE_ID, findEngine, TTS_ENGINES } from './engine-registry';

describe('engine registry', () => {
  it('lists on-device first, then the user’s computer, the platforms in the reference order, custom last', () => {
    expect(TTS_ENGINES.map((engine) => engine.id)).toEqual([
      'on-device',
      'computer',
      'azure',
      'elevenlabs',
      'minimax',
      'doubao',
      'qwen',
      'tencent',
      'openai',
      'gemini',
      'grok',
      'chattts',
      'indextts',
      'cosyvoice',
      'custom',
    ]);
    expect(new Set(TTS_ENGINES.map((engine) => engine.id)).size).toBe(TTS_ENGINES.length);
    expect(TTS_ENGINES[0]?.category).toBe('free');
    expect(TTS_ENGINES.at(-1)?.category).toBe('custom');
    expect(DEFAULT_TTS_ENGINE_ID).toBe('on-device');
  });

  it('finds engines by id', () => {
    expect(findEngine('openai')?.name).toBe('OpenAI');
    expect(findEngine('nope')).toBeUndefined();
  });

  it('gives every engine a voice, and a rate range inside 0.5–2 or none (speed has no effect)', () => {
    for (const engine of TTS_ENGINES) {
      if (engine.rate) {
        expect(engine.rate.min).toBeGreaterThanOrEqual(0.5);
        expect(engine.rate.max).toBeLessThanOrEqual(2);
        expect(engine.rate.min).toBeLessThan(engine.rate.max);
      }
      expect(typeof engine.defaultVoice('en-US')).toBe('string');
    }
  });
});
