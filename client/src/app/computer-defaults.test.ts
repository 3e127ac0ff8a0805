import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../storage';
import { askHolding, computerDefaults } from './computer-defaults';

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
    const patch = computerDefaults(
      { ...settings, voice: configured },
      { llm: false, speech: true, transcription: false },
    );
    expect(patch?.voice).toEqual({ ...configured, engineId: 'computer' });
  });

  it('leaves alone what the user chose while the computer was being asked', () => {
    const asked = { ...settings, computerDefaultsPending: true };
    const chosen = {
      ...asked,
      voice: { ...settings.voice, engineId: 'openai' },
      speechRecognitionSource: 'direct' as const,
      questionModelSource: 'computer' as const,
    };
    expect(computerDefaults(chosen, { llm: true, speech: true, transcription: true }, asked)).toEqual({
      computerDefaultsPending: false,
      speechRecognitionSource: 'computer',
    });
    // Chosen already: nothing to add.
    const changed = { ...asked, speechRecognitionSource: 'computer' as const };
    expect(computerDefaults(changed, { llm: false, speech: false, transcription: true }, asked)).toEqual({
      computerDefaultsPending: false,
    });
  });

  it('asks again at the next start when the computer could not be asked at all', () => {
    expect(
      computerDefaults(settings, { llm: 'offline', speech: 'offline', transcription: 'offline' }),
    ).toBeNull();
  });
});

describe('asking the computer what it holds', () => {
  const failure = (code: string) => Object.assign(new Error(code), { code });
  const noWait = async () => {};

  it('reads the field of its answer', async () => {
    expect(await askHolding(async () => ({ speech: { model: 'tts-1' } }), 'speech', noWait)).toBe(true);
    expect(await askHolding(async () => ({ speech: null }), 'speech', noWait)).toBe(false);
  });

  it('takes a computer without the route as not set, at once', async () => {
    let asked = 0;
    const ask = async () => {
      asked += 1;
      throw failure('not_found');
    };
    expect(await askHolding(ask, 'speech', noWait)).toBe(false);
    expect(asked).toBe(1);
  });

  it('asks again after a passing failure (busy, rate limited, the computer not linked yet) and takes the answer', async () => {
    const failures = ['computer_busy', 'too_many_computer_requests', 'device_offline', 'relay_unavailable'];
    const waits: number[] = [];
    const ask = async () => {
      const code = failures.shift();
      if (code) throw failure(code);
      return { speech: { model: 'tts-1' } };
    };
    expect(await askHolding(ask, 'speech', async (ms) => void waits.push(ms))).toBe(true);
    expect(waits).toHaveLength(4);
  });

  it('gives up as offline after about a minute of failures, never as not set', async () => {
    let waited = 0;
    const ask = async () => {
      throw failure('daemon_timeout');
    };
    const wait = async (ms: number) => {
      waited += ms;
    };
    expect(await askHolding(ask, 'speech', wait)).toBe('offline');
    expect(waited).toBeGreaterThanOrEqual(50_000);
    expect(waited).toBeLessThanOrEqual(90_000);
  });
});
