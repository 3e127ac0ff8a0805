import { scriptDictionaries } from './script-dictionaries';

/**
 * How eSpeak NG's one 24 MB data package is served in parts: the files every voice reads (phoneme
 * tables, voices, intonation) in one shared file, and each language's dictionary in its own, so a
 * device downloads only the languages it speaks. Written by the build (client/scripts) and read by
 * the eSpeak NG worker.
 */
export interface VoiceDataLayout {
  /** The whole package's size: the loader is handed a buffer this long. */
  readonly packageSize: number;
  /** The files every voice needs, one after another: each range's bytes of the package, in order. */
  readonly shared: { readonly url: string; readonly ranges: readonly (readonly [number, number])[] };
  /** Dictionary name (`en`, `ru`, `cmn`…) → its file and where it sits in the package. */
  readonly dictionaries: Readonly<Record<string, VoiceDataPart>>;
  /** A voice name as `set_voice` takes it, lower case (`en-us`, `es-419`, `zh`…) → its dictionary. */
  readonly dictionaryOfVoice: Readonly<Record<string, string>>;
}

export interface VoiceDataPart {
  readonly url: string;
  /** The file's path inside the emscripten file system (the loader's `filename`). */
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

/**
 * English is loaded with every language: eSpeak NG switches to it for Latin-script words in many
 * languages' text, and would otherwise read an empty dictionary there.
 */
export const ALWAYS_LOADED_DICTIONARY = 'en';

/**
 * The dictionaries a voice needs (its own and English), and with `text` those eSpeak NG switches
 * to for the other scripts in it (Greek in French text, Tamil in Hindi), so mixed-script text
 * sounds as with the full package; null for a voice the package lacks.
 */
export function dictionariesFor(layout: VoiceDataLayout, voice: string, text = ''): string[] | null {
  const own = layout.dictionaryOfVoice[voice.toLowerCase()];
  if (!own) return null;
  const base = own === ALWAYS_LOADED_DICTIONARY ? [own] : [ALWAYS_LOADED_DICTIONARY, own];
  const others = scriptDictionaries(text, own).filter(
    (name) => !base.includes(name) && layout.dictionaries[name] !== undefined,
  );
  return [...base, ...others];
}

/**
 * The buffer the loader expects (the whole package's size) with the shared files and the given
 * dictionaries in their places. The other dictionaries stay zero: no voice loaded here reads them.
 */
export function assemblePackage(
  layout: VoiceDataLayout,
  shared: Uint8Array,
  dictionaries: ReadonlyMap<string, Uint8Array>,
): ArrayBuffer {
  const whole = new Uint8Array(layout.packageSize);
  let offset = 0;
  for (const [start, end] of layout.shared.ranges) {
    whole.set(shared.subarray(offset, offset + (end - start)), start);
    offset += end - start;
  }
  if (offset !== shared.length) throw new Error('the shared voice data does not match its layout');
  for (const [name, bytes] of dictionaries) {
    const part = layout.dictionaries[name];
    if (!part || bytes.length !== part.end - part.start)
      throw new Error(`the voice data for ${name} does not match its layout`);
    whole.set(bytes, part.start);
  }
  return whole.buffer;
}
