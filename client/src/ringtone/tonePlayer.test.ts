import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_TONES, builtInTone } from './builtInTones';
import { defaultSelection, type RingtoneSelection, SILENT, selectTone } from './ringtoneSlots';
import { fakePlaybackContext } from './test-support';
import { patternOnceMs } from './tonePattern';
import { createTonePlayer } from './tonePlayer';

const flush = () => vi.advanceTimersByTimeAsync(0);

function player(files: Record<string, Uint8Array> = {}, selection: RingtoneSelection = defaultSelection()) {
  const fake = fakePlaybackContext();
  let current = selection;
  const created = createTonePlayer({
    context: () => fake.context,
    customAudio: async (id) => (files[id] ? new Blob([files[id] as BlobPart]) : undefined),
    selection: () => current,
  });
  return { player: created, log: fake.log, choose: (next: RingtoneSelection) => (current = next) };
}

describe('tone player', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('previews a built-in tone once: one pass of its pattern, then it stops by itself', async () => {
    const { player: tones, log } = player();
    let ended = false;
    void tones.preview('classic').then(() => {
      ended = true;
    });
    expect(log.oscillators.filter((o) => o.frequency === 440)).toHaveLength(1);
    const once = patternOnceMs(builtInTone('classic')?.pattern ?? { frequencies: [], bursts: [], gain: 0 });
    expect(once).toBe(2000);
    await vi.advanceTimersByTimeAsync(once - 100);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(ended).toBe(true);
    expect(log.oscillators.every((o) => o.stopped)).toBe(true);
  });

  it('previews a custom file once (no loop); a new preview ends the one before', async () => {
    const { player: tones, log } = player({ 'custom:a': new Uint8Array([1, 2, 3]) });
    let ended = false;
    void tones.preview('custom:a').then(() => {
      ended = true;
    });
    await flush();
    expect(log.sources).toHaveLength(1);
    expect(log.sources[0]).toMatchObject({ loop: false, started: true });
    log.sources[0]?.end();
    await flush();
    expect(ended).toBe(true);

    void tones.preview('custom:a');
    await flush();
    void tones.preview('chime');
    expect(log.sources[1]?.stopped).toBe(true);
    tones.stopPreview();
    expect(log.oscillators.every((o) => o.stopped)).toBe(true);
  });

  it('a preview of a file that cannot be played rejects in words', async () => {
    const { player: tones } = player({ 'custom:bad': new Uint8Array([0xff, 0]) });
    await expect(tones.preview('custom:bad')).rejects.toThrow('cannot be played');
    await expect(tones.preview('custom:gone')).rejects.toThrow('no longer stored');
  });

  it('a slot loops its chosen tone, read at each start', async () => {
    const { player: tones, log, choose } = player({ 'custom:a': new Uint8Array([1, 2]) });
    const incoming = tones.slotTone('incoming');
    incoming.start();
    expect(log.oscillators.map((o) => o.frequency).filter((f) => f > 100)).toEqual([440, 480]);
    incoming.stop();
    expect(incoming.playing).toBe(false);

    choose(selectTone(defaultSelection(), 'incoming', 'custom:a'));
    incoming.start();
    await flush();
    expect(log.sources[0]).toMatchObject({ loop: true, started: true });
    incoming.stop();
    expect(log.sources[0]?.stopped).toBe(true);
  });

  it('a custom ringtone that is gone or will not decode rings the slot default instead of silence', async () => {
    const { player: tones, log, choose } = player({ 'custom:bad': new Uint8Array([0xff]) });
    choose(selectTone(defaultSelection(), 'incoming', 'custom:bad'));
    const incoming = tones.slotTone('incoming');
    incoming.start();
    await flush();
    expect(log.oscillators.map((o) => o.frequency)).toContain(440);
    incoming.stop();
  });

  it('stop before a custom file has decoded plays nothing afterwards', async () => {
    const { player: tones, log, choose } = player({ 'custom:a': new Uint8Array([1]) });
    choose(selectTone(defaultSelection(), 'waiting', 'custom:a'));
    const waiting = tones.slotTone('waiting');
    waiting.start();
    waiting.stop();
    await flush();
    expect(log.sources).toHaveLength(0);
    expect(log.oscillators).toHaveLength(0);
  });

  it('a silent waiting slot plays nothing; the waiting default is the 450 Hz ringback', () => {
    const { player: tones, log, choose } = player();
    const waiting = tones.slotTone('waiting');
    waiting.start();
    expect(log.oscillators.map((o) => o.frequency)).toEqual([450]);
    waiting.stop();
    choose(selectTone(defaultSelection(), 'waiting', SILENT));
    waiting.start();
    expect(waiting.playing).toBe(true);
    expect(log.oscillators).toHaveLength(1);
    waiting.stop();
  });

  it('every built-in tone can be previewed', () => {
    const { player: tones, log } = player();
    for (const tone of BUILT_IN_TONES) void tones.preview(tone.id);
    tones.stopPreview();
    expect(log.oscillators.length).toBeGreaterThanOrEqual(BUILT_IN_TONES.length);
  });
});
