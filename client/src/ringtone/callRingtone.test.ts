import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../storage/key-value-store';
import { builtInTone, URGENT_PATTERN } from './builtInTones';
import { CLASSIC_RING_PATTERN } from './classicRingtone';
import { memoryToneBackend } from './memoryToneBackend';
import { selectTone } from './ringtoneSlots';
import { createRingtones } from './ringtones';
import { fakePlaybackContext } from './test-support';

function ringtones() {
  const fake = fakePlaybackContext();
  const created = createRingtones({
    storage: memoryStore(),
    context: () => fake.context,
    backend: memoryToneBackend(),
  });
  // Audible oscillators only: a warble is a low-frequency oscillator too.
  const sounding = () =>
    fake.log.oscillators.filter((o) => !o.stopped && o.frequency >= 20).map((o) => o.frequency);
  return { ringtones: created, log: fake.log, sounding };
}

describe('the call ringtone', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rings a permission call with the short urgent tone by default, and a report with Classic', () => {
    const { ringtones: tones, sounding } = ringtones();
    tones.call.start('permission');
    expect(sounding()).toEqual(URGENT_PATTERN.frequencies);
    expect(tones.call.playing).toBe(true);
    tones.call.stop();
    expect(sounding()).toEqual([]);
    expect(tones.call.playing).toBe(false);

    tones.call.start();
    expect(sounding()).toEqual(CLASSIC_RING_PATTERN.frequencies);
    tones.call.stop();
  });

  it('rings the tone chosen for the permission slot, leaving the incoming slot as it was', () => {
    const { ringtones: tones, sounding } = ringtones();
    tones.selection.set(selectTone(tones.selection.get(), 'permission', 'chime'));
    tones.call.start('permission');
    expect(sounding()).toEqual(builtInTone('chime')?.pattern.frequencies);
    tones.call.stop();
    tones.call.start('report');
    expect(sounding()).toEqual(CLASSIC_RING_PATTERN.frequencies);
    tones.call.stop();
  });

  it('a call of the other kind while one rings switches tones: only one ever sounds', () => {
    const { ringtones: tones, sounding } = ringtones();
    tones.call.start('report');
    tones.call.start('permission');
    expect(sounding()).toEqual(URGENT_PATTERN.frequencies);
    tones.call.start('permission');
    expect(sounding()).toEqual(URGENT_PATTERN.frequencies);
    tones.call.stop();
    expect(sounding()).toEqual([]);
  });
});
