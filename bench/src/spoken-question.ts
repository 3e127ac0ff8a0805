import { toneWav, waitFor } from '@ringback/test';
import { type BenchComputer, startBenchComputer } from './bench-computer';
import { type AnswerReader, firstSentence } from './first-sentence';
import { startInstantStreamLlm } from './instant-stream-llm';
import { startInstantVoiceEndpoints } from './instant-voice-endpoints';
import {
  answerThroughComputer,
  type ComputerWay,
  synthesizeThroughComputer,
  transcribeThroughComputer,
} from './spoken-computer';
import {
  answerDirectly,
  type DirectEndpoints,
  synthesizeDirectly,
  transcribeDirectly,
} from './spoken-direct';
import { percentile } from './support';

// Each relayed round is three requests, and the daemon admits at most 1000 relayed requests in
// 5 minutes (its replay record, MAX_REMEMBERED_REQUESTS): (warm-up + rounds) × 3 stays under it.
const ROUNDS = 200;
const WARM_UP = 20;
const LANGUAGE = 'en';
const QUESTION = 'Did the nightly build pass?';
const ANSWER = [
  'Yes, the nightly',
  ' build passed.',
  ' Two warnings remain in the log.',
  ' Nothing else needs you.',
];
const FIRST_SENTENCE = 'Yes, the nightly build passed.';
// What the user said: a second of a quiet tone at 16 kHz, as a short spoken question weighs.
const CLIP = new Uint8Array(toneWav({ seconds: 1, sampleRate: 16_000, frequency: 300, amplitude: 4000 }));
// What the voice says back: a fifth of a second, small enough for one audio frame.
const VOICE = toneWav({ seconds: 0.2, sampleRate: 22_050, frequency: 220, amplitude: 6000 });

interface Path {
  transcribe(clip: Uint8Array<ArrayBuffer>): Promise<string>;
  answer(question: string): AnswerReader;
  synthesize(sentence: string): Promise<Uint8Array>;
}

/**
 * One spoken question, from "the recording ended, the clip is in hand" to "the first sentence's
 * audio is in hand": transcribe, ask the model (streamed) and, once its first sentence is
 * complete, synthesise that sentence. Decoding and playing the audio is the same on both paths,
 * so the clock stops at its bytes. The model stream's wind-down is awaited after the clock stops.
 */
async function spokenRound(path: Path): Promise<number> {
  const started = performance.now();
  const heard = await path.transcribe(CLIP);
  const { sentence, closed } = await firstSentence(path.answer(heard));
  const audio = await path.synthesize(sentence);
  const elapsed = performance.now() - started;
  await closed;
  if (heard !== QUESTION || sentence !== FIRST_SENTENCE || audio.byteLength !== VOICE.byteLength)
    throw new Error(
      `a round went wrong: heard "${heard}", first sentence "${sentence}", ${audio.byteLength} B`,
    );
  return elapsed;
}

function directPath(endpoints: { llm: string; voice: string }): Path {
  const endpoint = (baseUrl: string, model: string): DirectEndpoints => ({
    baseUrl,
    apiKey: 'sk-bench',
    model,
  });
  return {
    transcribe: (clip) => transcribeDirectly(endpoint(endpoints.voice, 'whisper-1'), clip, LANGUAGE),
    answer: (question) => answerDirectly(endpoint(endpoints.llm, 'instant'), messages(question)),
    synthesize: (sentence) =>
      synthesizeDirectly({ ...endpoint(endpoints.voice, 'tts-1'), voice: 'marin' }, sentence),
  };
}

function computerPath(way: ComputerWay): Path {
  return {
    transcribe: (clip) => transcribeThroughComputer(way, clip, LANGUAGE),
    answer: (question) => answerThroughComputer(way, messages(question)),
    synthesize: (sentence) => synthesizeThroughComputer(way, sentence),
  };
}

function messages(question: string): { role: 'system' | 'user'; content: string }[] {
  return [
    { role: 'system', content: 'Answer the question about the call in two sentences.' },
    { role: 'user', content: question },
  ];
}

function line(label: string, sorted: number[]): string {
  return `  ${label.padEnd(34)} p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms`;
}

/**
 * Time from the end of a spoken question to the first sentence of the answer being heard, with
 * instant fakes for the speech-to-text, the model and the voice: asked directly (the device calls
 * each endpoint) and through the computer (three sealed requests → relay → daemon → endpoint,
 * sealed frames back), relay and daemon real processes on loopback.
 */
export async function benchSpokenQuestion(): Promise<void> {
  const llm = await startInstantStreamLlm(ANSWER);
  const voice = await startInstantVoiceEndpoints({
    transcript: QUESTION,
    audio: VOICE,
    audioType: 'audio/wav',
  });
  let computer: BenchComputer | null = null;
  try {
    computer = await startBenchComputer({
      llm: { primary: { baseUrl: llm.baseUrl, apiKey: 'sk-bench', model: 'instant' } },
      speech: { baseUrl: voice.baseUrl, apiKey: 'sk-bench', model: 'tts-1', voice: 'marin', format: 'wav' },
      transcription: { baseUrl: voice.baseUrl, apiKey: 'sk-bench', model: 'whisper-1' },
    });
    const way: ComputerWay = {
      relayUrl: computer.relayUrl,
      token: computer.phoneToken,
      daemonDeviceId: computer.daemonDeviceId,
      key: computer.key,
    };
    const direct = directPath({ llm: llm.baseUrl, voice: voice.baseUrl });
    const throughComputer = computerPath(way);
    await waitFor(
      async () => (await spokenRound(throughComputer).catch(() => null)) !== null,
      10_000,
      'the daemon link',
    );

    const directMs: number[] = [];
    const relayedMs: number[] = [];
    for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
      // Interleaved, so drift in the machine's load hits both paths alike.
      const a = await spokenRound(direct);
      const b = await spokenRound(throughComputer);
      if (round >= WARM_UP) {
        directMs.push(a);
        relayedMs.push(b);
      }
    }
    directMs.sort((x, y) => x - y);
    relayedMs.sort((x, y) => x - y);
    console.log(
      `\nSpoken question: end of the question to the first sentence's audio (instant fakes, ${ROUNDS} rounds)`,
    );
    console.log(line('directly to the endpoints', directMs));
    console.log(line('through the computer, via relay', relayedMs));
    const added = (p: number) => percentile(relayedMs, p) - percentile(directMs, p);
    console.log(
      `  the relay path adds ${added(50).toFixed(2)} ms at p50, ${added(99).toFixed(2)} ms at p99 (goal: ≤ 50 ms at p99)`,
    );
  } finally {
    await computer?.close();
    await voice.close();
    await llm.close();
  }
}
