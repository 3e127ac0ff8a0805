import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toneWav } from './tone-wav';

/**
 * Chromium's flags for a fake microphone that plays three seconds of a tone, looped, and grants
 * it without asking: the tone is the "speech" a fake `/audio/transcriptions` turns into words.
 */
export async function fakeMicrophoneFlags(): Promise<string[]> {
  const wav = toneWav({ seconds: 3, sampleRate: 48_000, frequency: 330 });
  const path = join(await mkdtemp(join(tmpdir(), 'ringback-voice-')), 'speech.wav');
  await writeFile(path, wav);
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${path}`,
  ];
}
