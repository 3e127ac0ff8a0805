import { CUSTOM_TONE_PREFIX } from './ringtoneSlots';

/** Each custom file at most 10 MB (spec limit). */
export const MAX_TONE_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE_TEXT = 'too large (10 MB max)';
export const NOT_AUDIO_TEXT = 'not an audio file';
const MAX_NAME_LENGTH = 80;

/** What the lists show about a custom tone; the audio is read only to play it. */
export type CustomTone = {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly size: number;
  /** ms since the epoch; newest first. */
  readonly addedAt: number;
  /** Order within one add of several files: the first chosen file lists first. */
  readonly position: number;
};

/** Kept as an ArrayBuffer rather than a Blob because WebKit's Blob storage in IndexedDB is unreliable. */
export type CustomToneAudio = { readonly data: ArrayBuffer; readonly type: string };

/** The persistent part (IndexedDB in the app, an in-memory fake in tests). */
export interface CustomToneBackend {
  list(): Promise<CustomTone[]>;
  audio(id: string): Promise<CustomToneAudio | undefined>;
  /** All or nothing: one transaction for the whole batch. */
  add(entries: readonly { tone: CustomTone; data: ArrayBuffer }[]): Promise<void>;
  update(tone: CustomTone): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
}

/** A file the store turned away, with the reason in words (`"<name>" is too large (10 MB max)`). */
export type RefusedFile = { readonly name: string; readonly reason: string };
export type AddTonesResult = { readonly added: CustomTone[]; readonly refused: RefusedFile[] };

/** The file fields the store reads; a browser `File` has them all. */
export type ToneFile = Pick<File, 'name' | 'size' | 'type' | 'arrayBuffer'>;

export interface CustomToneStore {
  /** Several files at once; each is judged on its own, so one oversize file never costs the others. */
  add(files: readonly ToneFile[]): Promise<AddTonesResult>;
  /** Newest first. */
  list(): Promise<CustomTone[]>;
  /** The tone's audio as a Blob, or undefined when it is not stored (any more). */
  audio(id: string): Promise<Blob | undefined>;
  rename(id: string, name: string): Promise<CustomTone>;
  remove(ids: readonly string[]): Promise<void>;
}

/** Why a file cannot be a tone, or null. An empty type is let through: decoding decides. */
export function toneFileProblem(file: Pick<ToneFile, 'size' | 'type'>): string | null {
  if (file.size > MAX_TONE_BYTES) return TOO_LARGE_TEXT;
  if (file.type && !file.type.startsWith('audio/') && !file.type.startsWith('video/')) return NOT_AUDIO_TEXT;
  return null;
}

/** "Dawn chorus.mp3" → "Dawn chorus". */
export function toneNameOf(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]{1,8}$/, '').trim();
  return (base || fileName.trim() || 'Tone').slice(0, MAX_NAME_LENGTH);
}

export function newestFirst(tones: readonly CustomTone[]): CustomTone[] {
  return [...tones].sort((a, b) => b.addedAt - a.addedAt || a.position - b.position);
}

/** A random id that also works on a plain-http LAN page, where `crypto.randomUUID` is missing. */
export function randomToneId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return CUSTOM_TONE_PREFIX + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type CustomToneStoreOptions = {
  backend: CustomToneBackend;
  now?: () => number;
  newId?: () => string;
};

export function createCustomToneStore(options: CustomToneStoreOptions): CustomToneStore {
  const { backend } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomToneId;

  return {
    async add(files) {
      const refused: RefusedFile[] = [];
      const entries: { tone: CustomTone; data: ArrayBuffer }[] = [];
      const addedAt = now();
      for (const file of files) {
        const name = file.name || 'A file';
        const problem = toneFileProblem(file);
        if (problem) {
          refused.push({ name, reason: `“${name}” is ${problem}` });
          continue;
        }
        try {
          const data = await file.arrayBuffer();
          entries.push({
            tone: {
              id: newId(),
              name: toneNameOf(name),
              type: file.type,
              size: data.byteLength,
              addedAt,
              position: entries.length,
            },
            data,
          });
        } catch {
          refused.push({ name, reason: `“${name}” could not be read` });
        }
      }
      if (entries.length === 0) return { added: [], refused };
      try {
        await backend.add(entries);
      } catch (error) {
        const why = isQuotaError(error) ? 'storage is full' : 'it could not be saved';
        for (const { tone } of entries) refused.push({ name: tone.name, reason: `“${tone.name}”: ${why}` });
        return { added: [], refused };
      }
      return { added: entries.map((entry) => entry.tone), refused };
    },
    async list() {
      return newestFirst(await backend.list());
    },
    async audio(id) {
      const stored = await backend.audio(id);
      return stored ? new Blob([stored.data], { type: stored.type }) : undefined;
    },
    async rename(id, name) {
      const trimmed = name.trim().slice(0, MAX_NAME_LENGTH);
      if (!trimmed) throw new Error('A tone needs a name.');
      const tone = (await backend.list()).find((candidate) => candidate.id === id);
      if (!tone) throw new Error('This tone is no longer stored.');
      const renamed = { ...tone, name: trimmed };
      await backend.update(renamed);
      return renamed;
    },
    async remove(ids) {
      if (ids.length > 0) await backend.remove(ids);
    },
  };
}

function isQuotaError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError'
  );
}
