import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BRIEF_LOCALES } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { espeakVoiceFor } from '../espeak-voices';
import type { EspeakSynth } from '../speak-job';
import { packageFiles, splitVoicePackage, voiceDictionaries } from './split-voice-package';
import { assemblePackage, dictionariesFor, type VoiceDataLayout } from './voice-data-layout';

const ROOT = '/usr/share/espeak-ng-data/';
const encode = (text: string) => new TextEncoder().encode(text);

/** A tiny package as emscripten lays one out: files end to end, their list in the loader's source. */
function fakePackage(files: [string, string][]): { loader: string; data: Uint8Array } {
  let offset = 0;
  const entries = files.map(([name, content]) => {
    const entry = `{filename:"${ROOT}${name}",start:${offset},end:${offset + content.length}}`;
    offset += content.length;
    return entry;
  });
  const loader = `loadPackage({files:[${entries.join(',')}],remote_package_size:${offset}})`;
  return { loader, data: encode(files.map(([, content]) => content).join('')) };
}

const FAKE = fakePackage([
  ['af_dict', 'AFRIKAANS'],
  ['en_dict', 'ENGLISH'],
  ['intonations', 'tunes'],
  ['lang/gmw/en-US', 'name English (America)\nlanguage en-us 2\nlanguage en 3\n'],
  ['lang/gmq/nb', 'name Norwegian\nlanguage nb\nlanguage no\ndictionary no\n'],
  ['no_dict', 'NORSK'],
  ['phondata', 'PHONEMES'],
]);

function layoutOf(split: ReturnType<typeof splitVoicePackage>): VoiceDataLayout {
  return {
    packageSize: split.packageSize,
    shared: { url: '/shared', ranges: split.shared.ranges },
    dictionaries: Object.fromEntries(
      [...split.dictionaries].map(([name, { part }]) => [
        name,
        { url: `/${name}`, path: part.filename, start: part.start, end: part.end },
      ]),
    ),
    dictionaryOfVoice: split.dictionaryOfVoice,
  };
}

describe('splitting the voice data package', () => {
  it('puts every non-dictionary file in one shared part and each dictionary in its own', () => {
    const split = splitVoicePackage(FAKE.loader, FAKE.data);
    const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
    expect([...split.dictionaries.keys()]).toEqual(['af', 'en', 'no']);
    expect(text(split.dictionaries.get('en')?.bytes)).toBe('ENGLISH');
    expect(text(split.shared.bytes)).toContain('tunes');
    expect(text(split.shared.bytes)).toContain('PHONEMES');
    expect(text(split.shared.bytes)).not.toMatch(/AFRIKAANS|ENGLISH|NORSK/);
    // Adjacent shared files make one range; a dictionary between them starts another.
    expect(split.shared.ranges).toHaveLength(2);
  });

  it('reassembles a package-sized buffer: shared files and the chosen dictionaries in place, the rest zero', () => {
    const split = splitVoicePackage(FAKE.loader, FAKE.data);
    const layout = layoutOf(split);
    const english = split.dictionaries.get('en')?.bytes ?? new Uint8Array();
    const whole = new Uint8Array(assemblePackage(layout, split.shared.bytes, new Map([['en', english]])));
    expect(whole.length).toBe(FAKE.data.length);
    const expected = FAKE.data.slice();
    for (const name of ['af', 'no']) {
      const part = layout.dictionaries[name];
      if (part) expected.fill(0, part.start, part.end);
    }
    expect(whole).toEqual(expected);
  });

  it('refuses parts that do not match the layout', () => {
    const split = splitVoicePackage(FAKE.loader, FAKE.data);
    const layout = layoutOf(split);
    expect(() => assemblePackage(layout, split.shared.bytes, new Map([['en', encode('SHORT')]]))).toThrow(
      /does not match/,
    );
    expect(() => assemblePackage(layout, split.shared.bytes.subarray(1), new Map())).toThrow(
      /does not match/,
    );
  });

  it('fails the build on a loader it does not understand or a data file of another size', () => {
    expect(() => packageFiles('no list here')).toThrow(/no file list/);
    expect(() => splitVoicePackage(FAKE.loader, FAKE.data.subarray(1))).toThrow(/not the size/);
  });

  it('finds each voice’s dictionary as eSpeak NG does: its dictionary line, else its first language', () => {
    const dictionaries = splitVoicePackage(FAKE.loader, FAKE.data).dictionaryOfVoice;
    expect(dictionaries['en-us']).toBe('en');
    expect(dictionaries.en).toBe('en');
    expect(dictionaries.nb).toBe('no');
    expect(
      voiceDictionaries(
        new Map([
          ['lang/sit/cmn', 'language cmn\nlanguage zh\ndictionary cmn\n'],
          ['lang/sit/yue', 'language yue\nlanguage zh 8\ndictionary yue\n'],
        ]),
      ).zh,
    ).toBe('cmn');
  });

  it('loads English with every language (eSpeak NG reads English words with it), once', () => {
    const layout = layoutOf(splitVoicePackage(FAKE.loader, FAKE.data));
    expect(dictionariesFor(layout, 'en-US')).toEqual(['en']);
    expect(dictionariesFor(layout, 'nb')).toEqual(['en', 'no']);
    expect(dictionariesFor(layout, 'xx')).toBeNull();
  });

  it('adds the dictionaries eSpeak NG switches to for other scripts in the text, where the package has them', () => {
    const layout = layoutOf(splitVoicePackage(FAKE.loader, FAKE.data));
    // Afrikaans is in the package (as Greek would be): the script's dictionary is loaded.
    const withGreek = {
      ...layout,
      dictionaries: { ...layout.dictionaries, el: { url: '/el', path: 'el', start: 0, end: 0 } },
    };
    expect(dictionariesFor(withGreek, 'nb', 'Hei Ελλάδα')).toEqual(['en', 'no', 'el']);
    // A script whose dictionary the package lacks, or one eSpeak NG names no language for, adds none.
    expect(dictionariesFor(layout, 'nb', 'Hei Ελλάδα Привет 東京')).toEqual(['en', 'no']);
  });
});

describe('the real eSpeak NG package', () => {
  const packageDir = dirname(
    createRequire(import.meta.url).resolve('@echogarden/espeak-ng-emscripten/espeak-ng.data'),
  );
  const split = splitVoicePackage(
    readFileSync(join(packageDir, 'espeak-ng.js'), 'utf8'),
    readFileSync(join(packageDir, 'espeak-ng.data')),
  );

  it('has a dictionary for every voice the app speaks with', () => {
    const voices = new Set(
      BRIEF_LOCALES.map((locale) => espeakVoiceFor(locale)).filter((voice) => voice !== null),
    );
    expect(voices.size).toBeGreaterThan(50);
    for (const voice of voices) {
      const dictionary = split.dictionaryOfVoice[voice.toLowerCase()];
      expect(dictionary, voice).toBeDefined();
      expect(split.dictionaries.has(dictionary ?? ''), `${voice} → ${dictionary}`).toBe(true);
    }
  });

  /** eSpeak NG started on `data`, as the worker starts it; the samples it makes for `text` in `voice`. */
  const packageDir2 = packageDir;
  async function speaker(data: ArrayBuffer) {
    const { default: init } = (await import(/* @vite-ignore */ join(packageDir2, 'espeak-ng.js'))) as {
      default: (options: {
        getPreloadedPackage: () => ArrayBuffer;
        print: () => void;
        printErr: () => void;
      }) => Promise<{ eSpeakNGWorker: new () => EspeakSynth }>;
    };
    const module = await init({ getPreloadedPackage: () => data, print: () => {}, printErr: () => {} });
    const synth = new module.eSpeakNGWorker();
    return (voice: string, text: string) => {
      synth.set_voice(voice);
      let samples = 0;
      synth.synthesize(text, (chunk) => {
        samples += chunk.length;
      });
      return samples;
    };
  }

  it('speaks mixed-script text with the dictionaries it loads exactly as with the whole package', async () => {
    const layout = layoutOf(split);
    const whole = readFileSync(join(packageDir, 'espeak-ng.data'));
    for (const [voice, text] of [
      ['fr', 'Le déploiement Ελλάδα 東京'],
      ['hi', 'परीक्षण விளக்கம் test'],
      ['ka', 'გამარჯობა Привет'],
      ['ru', 'Сборка failed 계산'],
      ['cmn', '部署失败 build 123 Привет'],
      ['ja', 'これは東京のテストです deploy'],
    ] as const) {
      const names = dictionariesFor(layout, voice, text) ?? [];
      const parts = new Map(
        names.map((name) => [name, split.dictionaries.get(name)?.bytes ?? new Uint8Array()]),
      );
      // Each from a fresh start: eSpeak NG keeps state between texts, which moves the count by a sample.
      const full = await speaker(whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength));
      const partial = await speaker(assemblePackage(layout, split.shared.bytes, parts));
      expect(partial(voice, text), `${voice} ${text} with ${names.join(' ')}`).toBe(full(voice, text));
    }
  }, 120_000);

  it('keeps the shared part small: what every language downloads', () => {
    expect(split.shared.bytes.length).toBeLessThan(1024 * 1024);
    expect(split.dictionaries.get('en')?.bytes.length).toBeLessThan(512 * 1024);
  });
});
