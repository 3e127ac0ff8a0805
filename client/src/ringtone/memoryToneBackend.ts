import type { CustomTone, CustomToneAudio, CustomToneBackend } from './customToneStore';

/** The backend in memory: for tests, and for a page where IndexedDB cannot be opened. */
export function memoryToneBackend(): CustomToneBackend {
  const tones = new Map<string, CustomTone>();
  const audio = new Map<string, CustomToneAudio>();
  return {
    list: async () => [...tones.values()],
    audio: async (id) => audio.get(id),
    async add(entries) {
      for (const { tone, data } of entries) {
        tones.set(tone.id, tone);
        audio.set(tone.id, { data, type: tone.type });
      }
    },
    async update(tone) {
      if (tones.has(tone.id)) tones.set(tone.id, tone);
    },
    async remove(ids) {
      for (const id of ids) {
        tones.delete(id);
        audio.delete(id);
      }
    },
  };
}
