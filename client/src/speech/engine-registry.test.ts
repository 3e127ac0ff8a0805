import { describe, expect, it } from 'vitest';
import { DEFAULT_TTS_ENGINE_ID, findEngine, TTS_ENGINES } from './engine-registry';

describe('engine registry', () => {
  it('lists on-device first, then openai, then custom', () => {
    expect(TTS_ENGINES.map((engine) => engine.id)).toEqual(['on-device', 'openai', 'custom']);
    expect(TTS_ENGINES.map((engine) => engine.category)).toEqual(['free', 'cloud', 'custom']);
    expect(DEFAULT_TTS_ENGINE_ID).toBe('on-device');
  });

  it('finds engines by id', () => {
    expect(findEngine('openai')?.name).toBe('OpenAI');
    expect(findEngine('nope')).toBeUndefined();
  });

  it('gives every engine a voice and a sane rate range', () => {
    for (const engine of TTS_ENGINES) {
      expect(engine.rate).toEqual({ min: 0.5, max: 2 });
      expect(typeof engine.defaultVoice('en-US')).toBe('string');
    }
  });
});
