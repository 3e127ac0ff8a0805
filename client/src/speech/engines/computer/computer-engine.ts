import type { ComputerVoiceOptions } from '@ringback/protocol';
import { type AskOverLink, computerLink } from '../../../relay/computer-link';
import { isComputerUnreachable } from '../../../relay/computer-unreachable';
import { RelayError } from '../../../relay/relay-error';
import { abortableWait } from '../../abortable-wait';
import { decodeBase64 } from '../../audio/decode-text';
import type { TtsConfig, TtsEngine, TtsInput } from '../../tts-engine';
import { onDeviceEngine } from '../on-device/on-device-engine';
import {
  type ComputerVoiceFallback,
  type ComputerVoiceStatus,
  computerVoiceStatus,
} from './computer-voice-status';

export const COMPUTER_ENGINE_ID = 'computer';

export interface ComputerEngineOptions {
  ask: AskOverLink;
  /** Speaks when the computer cannot: the call must still ring. */
  fallback: TtsEngine;
  status: ComputerVoiceStatus;
  /** How long one sentence waits its turn while the computer is at its limit; default 15 s. */
  turnWaitMs?: number;
  /** For tests: the clock, the wait between two tries and the jitter source. */
  now?: () => number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/**
 * Well inside the call queue's 90 s to prepare a call: a call of many sentences, three at a time,
 * still rings in time because a sentence that gave up makes the next ones give up at once (below).
 */
export const COMPUTER_TURN_WAIT_MS = 15_000;
/** After a sentence waited its whole turn in vain, the next ones try once and speak here. */
const GAVE_UP_MEMORY_MS = 30_000;

const NO_CONFIG: TtsConfig = { values: {}, model: '', voice: '' };

/**
 * The computer's own voice, reached through the relay (sealed end to end): the phone needs no
 * key and no CORS from the voice platform. A blank voice takes the computer's configured one.
 * An offline computer or one with no voice falls back to the on-device voice for that sentence,
 * and that stand-in audio is never cached as the computer's.
 */
export function createComputerEngine(options: ComputerEngineOptions): TtsEngine {
  const standIns = new WeakSet<Blob>();
  const now = options.now ?? Date.now;
  const wait = options.wait ?? abortableWait;
  const random = options.random ?? Math.random;
  const turnWaitMs = options.turnWaitMs ?? COMPUTER_TURN_WAIT_MS;
  let gaveUpAt = Number.NEGATIVE_INFINITY;

  /**
   * The sentence from the computer, waiting its turn while it is at its limit (a phone and a
   * desktop preparing one call ask more at once than it runs): `busy` when still refused at the
   * end of the wait, so the caller speaks it here instead.
   */
  const inTurn = async (input: TtsInput, signal?: AbortSignal): Promise<Blob | 'busy'> => {
    const started = now();
    const budget = now() - gaveUpAt < GAVE_UP_MEMORY_MS ? 0 : turnWaitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await synthesizeOnComputer(options.ask, input, signal);
      } catch (error) {
        if (!isCapacityRefusal(error) || signal?.aborted) throw error;
        const delay = turnDelay(error, attempt, random);
        if (now() - started + delay > budget) {
          gaveUpAt = now();
          return 'busy';
        }
        await wait(delay, signal);
      }
    }
  };

  return {
    id: COMPUTER_ENGINE_ID,
    name: 'Your computer',
    category: 'computer',
    site: 'The voice set on your computer, reached through the relay',
    fields: [],
    models: [],
    // The blank id is "whatever voice the computer has set", the choice a phone almost always wants.
    voices: () => [{ id: '', name: 'The voice set on your computer' }],
    customVoice: true,
    defaultVoice: () => '',
    rate: { min: 0.5, max: 2 },
    keepsInCache: (audio) => !standIns.has(audio),
    async synthesize(input, _config, ctx) {
      let reason: ComputerVoiceFallback | null;
      try {
        const audio = await inTurn(input, ctx.signal);
        if (audio !== 'busy') {
          options.status.set(null);
          return audio;
        }
        reason = 'computer_busy';
      } catch (error) {
        reason = fallbackReason(error);
        if (!reason || ctx.signal?.aborted) throw error;
      }
      options.status.set(reason);
      const voice = options.fallback.defaultVoice(input.language);
      const audio = await options.fallback.synthesize({ ...input, voice, model: '' }, NO_CONFIG, ctx);
      standIns.add(audio);
      return audio;
    },
  };
}

/** The sentence's audio pieces, in order, joined into one Blob. */
async function synthesizeOnComputer(ask: AskOverLink, input: TtsInput, signal?: AbortSignal): Promise<Blob> {
  const voice: ComputerVoiceOptions = {
    ...(input.voice.trim() ? { voice: input.voice.trim() } : {}),
    ...(input.rate !== 1 ? { speed: input.rate } : {}),
  };
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  let mimeType = '';
  for await (const piece of ask(
    {
      kind: 'speech.synthesize',
      text: input.text,
      language: input.language,
      ...(Object.keys(voice).length > 0 ? { voice } : {}),
    },
    signal ? { signal } : {},
  )) {
    if (piece.type !== 'audio') continue;
    mimeType ||= piece.mimeType;
    pieces.push(decodeBase64(piece.data) as Uint8Array<ArrayBuffer>);
  }
  return new Blob(pieces, mimeType ? { type: mimeType } : {});
}

/**
 * A refusal for capacity, not for the sentence: the relay's per-account limit (429), its
 * relay-wide caps (503 `relay_busy`), the computer's own (503 `computer_busy`), or any other 429 on
 * the way. Another try later may pass.
 */
function isCapacityRefusal(error: unknown): error is RelayError {
  if (!(error instanceof RelayError)) return false;
  return (
    error.status === 429 ||
    error.code === 'computer_busy' ||
    error.code === 'relay_busy' ||
    error.code === 'too_many_computer_requests'
  );
}

/** The relay's Retry-After when it gave one (within reason), else a short backoff with jitter. */
function turnDelay(error: RelayError, attempt: number, random: () => number): number {
  if (error.retryAfterMs !== null) return Math.min(5_000, Math.max(100, error.retryAfterMs));
  return Math.min(2_000, 250 * 2 ** attempt) + random() * 250;
}

/**
 * The failures that mean "the computer cannot speak now", as opposed to a sentence that failed:
 * whatever keeps the computer out of reach (this device offline too) must not keep a call silent.
 */
function fallbackReason(error: unknown): ComputerVoiceFallback | null {
  if (isComputerUnreachable(error)) return 'device_offline';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'speech_not_configured') return 'speech_not_configured';
  // For a minute after an abrupt stop the computer refuses requests it cannot prove it never ran
  // (daemon relayed-request-guard): a passing refusal, so the call speaks with this device's voice.
  if (code === 'replayed_request') return 'computer_busy';
  // The computer could not open the sealed request: an app or a computer on the previous version
  // (another form of sealing), or different end-to-end keys. Nothing this call can fix, so it rings
  // with this device's voice and the voice page says what to do.
  if (code === 'undecryptable_request') return 'undecryptable_request';
  return null;
}

export const computerEngine: TtsEngine = createComputerEngine({
  ask: computerLink.ask,
  fallback: onDeviceEngine,
  status: computerVoiceStatus,
});
