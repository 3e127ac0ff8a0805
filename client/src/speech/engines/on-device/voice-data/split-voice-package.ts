/**
 * Build-time split of eSpeak NG's emscripten data package (pure: the build reads the files and
 * writes the parts, see client/scripts/voice-data-plugin.ts).
 */

export interface PackageFile {
  readonly filename: string;
  readonly start: number;
  readonly end: number;
}

export interface SplitPackage {
  readonly packageSize: number;
  readonly shared: { readonly bytes: Uint8Array; readonly ranges: [number, number][] };
  readonly dictionaries: ReadonlyMap<string, { readonly part: PackageFile; readonly bytes: Uint8Array }>;
  readonly dictionaryOfVoice: Record<string, string>;
}

const FILE_ENTRY = /\{filename:"([^"]+)",start:(\d+),end:(\d+)\}/g;
const PACKAGE_SIZE = /remote_package_size:(\d+)/;
const DICTIONARY = /\/([a-z0-9]+)_dict$/i;
const DATA_ROOT = '/usr/share/espeak-ng-data/';
/** eSpeak NG's own default for a `language` line without a priority. */
const DEFAULT_PRIORITY = 5;

/** The file list and size the loader (espeak-ng.js) carries for its data package. */
export function packageFiles(loaderSource: string): { files: PackageFile[]; packageSize: number } {
  const files = [...loaderSource.matchAll(FILE_ENTRY)].map((match) => ({
    filename: match[1] ?? '',
    start: Number(match[2]),
    end: Number(match[3]),
  }));
  const packageSize = Number(loaderSource.match(PACKAGE_SIZE)?.[1] ?? Number.NaN);
  // A new loader version with another layout must fail the build, not ship a silent voice.
  if (files.length === 0 || !Number.isFinite(packageSize))
    throw new Error('the eSpeak NG loader has no file list the build understands');
  let expected = 0;
  for (const file of files) {
    if (file.start !== expected || file.end < file.start)
      throw new Error(`the eSpeak NG data package is not laid out end to end at ${file.filename}`);
    expected = file.end;
  }
  if (expected !== packageSize) throw new Error('the eSpeak NG file list does not cover its package');
  return { files, packageSize };
}

/** The dictionary name of a `<name>_dict` file, or null for a file every voice may need. */
export function dictionaryName(filename: string): string | null {
  return filename.match(DICTIONARY)?.[1] ?? null;
}

/**
 * Voice name → dictionary, as eSpeak NG picks them: `set_voice` matches a voice file by its file
 * name first, then by a `language` line (lowest priority number wins); a voice reads the
 * dictionary its `dictionary` line names, else its first language up to the first `-`.
 */
export function voiceDictionaries(voiceFiles: ReadonlyMap<string, string>): Record<string, string> {
  const byName: Record<string, string> = {};
  const byLanguage = new Map<string, { dictionary: string; priority: number }>();
  for (const [filename, text] of voiceFiles) {
    const languages = [...text.matchAll(/^\s*language\s+(\S+)(?:\s+(\d+))?/gm)].map((match) => ({
      tag: (match[1] ?? '').toLowerCase(),
      priority: match[2] ? Number(match[2]) : DEFAULT_PRIORITY,
    }));
    const first = languages[0];
    if (!first) continue;
    const dictionary = text.match(/^\s*dictionary\s+(\S+)/m)?.[1] ?? first.tag.split('-')[0] ?? first.tag;
    byName[(filename.split('/').at(-1) ?? filename).toLowerCase()] = dictionary;
    for (const { tag, priority } of languages) {
      const known = byLanguage.get(tag);
      if (!known || priority < known.priority) byLanguage.set(tag, { dictionary, priority });
    }
  }
  const result: Record<string, string> = {};
  for (const [tag, { dictionary }] of byLanguage) result[tag] = dictionary;
  return { ...result, ...byName };
}

/** Splits the package into the shared files (concatenated) and one part per dictionary. */
export function splitVoicePackage(loaderSource: string, data: Uint8Array): SplitPackage {
  const { files, packageSize } = packageFiles(loaderSource);
  if (data.length !== packageSize)
    throw new Error('the eSpeak NG data file is not the size its loader expects');
  const ranges: [number, number][] = [];
  const dictionaries = new Map<string, { part: PackageFile; bytes: Uint8Array }>();
  const voiceFiles = new Map<string, string>();
  const text = new TextDecoder('latin1');
  for (const file of files) {
    const bytes = data.subarray(file.start, file.end);
    const dictionary = dictionaryName(file.filename);
    if (dictionary) {
      dictionaries.set(dictionary, { part: file, bytes });
      continue;
    }
    const last = ranges.at(-1);
    if (last && last[1] === file.start) last[1] = file.end;
    else ranges.push([file.start, file.end]);
    if (file.filename.startsWith(`${DATA_ROOT}lang/`)) voiceFiles.set(file.filename, text.decode(bytes));
  }
  const shared = new Uint8Array(ranges.reduce((sum, [start, end]) => sum + end - start, 0));
  let offset = 0;
  for (const [start, end] of ranges) {
    shared.set(data.subarray(start, end), offset);
    offset += end - start;
  }
  return {
    packageSize,
    shared: { bytes: shared, ranges },
    dictionaries,
    dictionaryOfVoice: voiceDictionaries(voiceFiles),
  };
}
