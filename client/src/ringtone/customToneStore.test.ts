import { describe, expect, it } from 'vitest';
import { type CustomToneBackend, createCustomToneStore, MAX_TONE_BYTES, toneNameOf } from './customToneStore';
import { memoryToneBackend } from './memoryToneBackend';

/** A File-like object whose size is claimed without allocating it. */
function file(name: string, size = 4, type = 'audio/mpeg') {
  return { name, size, type, arrayBuffer: async () => new Uint8Array(Math.min(size, 16)).buffer };
}

function store(backend: CustomToneBackend = memoryToneBackend()) {
  let clock = 1000;
  let next = 0;
  const tones = createCustomToneStore({
    backend,
    now: () => clock,
    newId: () => `custom:${++next}`,
  });
  return { tones, tick: (ms: number) => (clock += ms) };
}

describe('custom tone store', () => {
  it('adds several files at once, names them after the file, and lists newest first', async () => {
    const { tones, tick } = store();
    const first = await tones.add([file('Dawn.mp3'), file('Birds.ogg')]);
    expect(first.added.map((tone) => tone.name)).toEqual(['Dawn', 'Birds']);
    tick(5000);
    await tones.add([file('Rain.wav')]);
    expect((await tones.list()).map((tone) => tone.name)).toEqual(['Rain', 'Dawn', 'Birds']);
  });

  it('refuses a file over 10 MB with the words "too large (10 MB max)" and keeps the others', async () => {
    const { tones } = store();
    const result = await tones.add([file('Huge.wav', MAX_TONE_BYTES + 1), file('Fine.mp3', MAX_TONE_BYTES)]);
    expect(result.refused).toEqual([{ name: 'Huge.wav', reason: '“Huge.wav” is too large (10 MB max)' }]);
    expect(result.added.map((tone) => tone.name)).toEqual(['Fine']);
  });

  it('refuses a file that is not audio, but lets an untyped one through for decoding to judge', async () => {
    const { tones } = store();
    const result = await tones.add([file('notes.txt', 4, 'text/plain'), file('voice', 4, '')]);
    expect(result.refused.map((refused) => refused.reason)).toEqual(['“notes.txt” is not an audio file']);
    expect(result.added.map((tone) => tone.name)).toEqual(['voice']);
  });

  it('keeps the audio bytes and type, readable as a Blob', async () => {
    const { tones } = store();
    const { added } = await tones.add([file('Dawn.mp3', 8)]);
    const blob = await tones.audio(added[0]?.id ?? '');
    expect(blob?.type).toBe('audio/mpeg');
    expect(blob?.size).toBe(8);
    expect(await tones.audio('custom:none')).toBeUndefined();
  });

  it('renames (trimmed) and refuses an empty name', async () => {
    const { tones } = store();
    const { added } = await tones.add([file('Dawn.mp3')]);
    const id = added[0]?.id ?? '';
    expect((await tones.rename(id, '  Morning  ')).name).toBe('Morning');
    expect((await tones.list())[0]?.name).toBe('Morning');
    await expect(tones.rename(id, '   ')).rejects.toThrow('A tone needs a name.');
    await expect(tones.rename('custom:none', 'x')).rejects.toThrow('no longer stored');
  });

  it('deletes many at once, audio included', async () => {
    const { tones } = store();
    const { added } = await tones.add([file('a.mp3'), file('b.mp3'), file('c.mp3')]);
    await tones.remove([added[0]?.id ?? '', added[2]?.id ?? '']);
    expect((await tones.list()).map((tone) => tone.name)).toEqual(['b']);
    expect(await tones.audio(added[0]?.id ?? '')).toBeUndefined();
  });

  it('a full database refuses the whole batch in words', async () => {
    const backend = memoryToneBackend();
    backend.add = async () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const { tones } = store(backend);
    const result = await tones.add([file('Dawn.mp3')]);
    expect(result.added).toEqual([]);
    expect(result.refused[0]?.reason).toBe('“Dawn”: storage is full');
  });

  it('names a tone after its file without the extension', () => {
    expect(toneNameOf('Dawn chorus.mp3')).toBe('Dawn chorus');
    expect(toneNameOf('.mp3')).toBe('.mp3');
    expect(toneNameOf('no-extension')).toBe('no-extension');
  });
});
