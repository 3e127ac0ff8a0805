import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { splitVoicePackage } from '../src/speech/engines/on-device/voice-data/split-voice-package';
import type { VoiceDataLayout } from '../src/speech/engines/on-device/voice-data/voice-data-layout';

/** What the eSpeak NG worker imports to learn where each part of the voice data is served. */
export const VOICE_DATA_MODULE = 'virtual:espeak-voice-data';
const RESOLVED_MODULE = `\0${VOICE_DATA_MODULE}`;
/** Under /assets/: the relay serves these hashed names compressed and cached for a year. */
const DIRECTORY = 'assets/espeak-ng';

interface SplitFiles {
  readonly layout: VoiceDataLayout;
  /** Output path (no leading slash) → bytes. */
  readonly files: ReadonlyMap<string, Uint8Array>;
}

let split: SplitFiles | null = null;

/** Each part named by its content, so a new eSpeak NG release is a new URL and never a stale cache. */
function fileName(name: string, bytes: Uint8Array): string {
  return `${DIRECTORY}/${name}-${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.bin`;
}

function splitOnce(): SplitFiles {
  if (split) return split;
  const packageDir = dirname(
    createRequire(import.meta.url).resolve('@echogarden/espeak-ng-emscripten/espeak-ng.data'),
  );
  const parts = splitVoicePackage(
    readFileSync(join(packageDir, 'espeak-ng.js'), 'utf8'),
    new Uint8Array(readFileSync(join(packageDir, 'espeak-ng.data'))),
  );
  const files = new Map<string, Uint8Array>();
  const sharedFile = fileName('shared', parts.shared.bytes);
  files.set(sharedFile, parts.shared.bytes);
  const dictionaries: Record<string, VoiceDataLayout['dictionaries'][string]> = {};
  for (const [name, { part, bytes }] of parts.dictionaries) {
    const file = fileName(`${name}_dict`, bytes);
    files.set(file, bytes);
    dictionaries[name] = { url: `/${file}`, path: part.filename, start: part.start, end: part.end };
  }
  split = {
    layout: {
      packageSize: parts.packageSize,
      shared: { url: `/${sharedFile}`, ranges: parts.shared.ranges },
      dictionaries,
      dictionaryOfVoice: parts.dictionaryOfVoice,
    },
    files,
  };
  return split;
}

/**
 * Splits eSpeak NG's 24 MB data package into a shared part and one file per language, so a
 * device downloads only the languages it speaks (see voice-data-layout.ts). Used in the page's
 * build (`emit`: writes the files) and in the workers' build (only answers the import).
 */
export function voiceDataPlugin(options: { emit: boolean }): Plugin {
  return {
    name: 'ringback-espeak-voice-data',
    resolveId: (id) => (id === VOICE_DATA_MODULE ? RESOLVED_MODULE : null),
    load(id) {
      if (id !== RESOLVED_MODULE) return null;
      return `export const VOICE_DATA_LAYOUT = ${JSON.stringify(splitOnce().layout)};`;
    },
    generateBundle() {
      if (!options.emit) return;
      for (const [name, bytes] of splitOnce().files)
        this.emitFile({ type: 'asset', fileName: name, source: bytes });
    },
    // `vite dev` serves the parts from memory.
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const bytes = splitOnce().files.get((request.url ?? '').split('?')[0]?.slice(1) ?? '');
        if (!bytes) return next();
        response.setHeader('content-type', 'application/octet-stream');
        response.end(bytes);
      });
    },
  };
}
