import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../storage';
import { computerDefaults } from './computer-defaults';

const settings = defaultSettings();

describe('"Your computer" as the default on a newly paired phone', () => {
  it('chooses the computer for each thing it has set, and asks no more', () => {
    expect(computerDefaults(settings, { llm: true, speech: true, transcription: true })).toEqual({
      computerDefaultsPending: false,
      questionModelSource: 'computer',
      voice: { ...settings.voice, engineId: 'computer' },
      speechRecognitionSource: 'computer',
    });
  });

  it('leaves what the computer does not have as it is', () => {
    expect(computerDefaults(settings, { llm: true, speech: false, transcription: false })).toEqual({
      computerDefaultsPending: false,
      questionModelSource: 'computer',
    });
  });

  it('keeps the voice configs when the voice changes', () => {
    const configured = {
      ...settings.voice,
      configs: { openai: { values: { apiKey: 'sk-1' }, model: 'tts-1', voice: 'alloy' } },
    };
    const patch = computerDefaults({ voice: configured }, { llm: false, speech: true, transcription: false });
    expect(patch?.voice).toEqual({ ...configured, engineId: 'computer' });
  });

  it('asks again at the next start when the computer could not be asked at all', () => {
    expect(
      computerDefaults(settings, { llm: 'offline', speech: 'offline', transcription: 'offline' }),
    ).toBeNull();
  });
});
