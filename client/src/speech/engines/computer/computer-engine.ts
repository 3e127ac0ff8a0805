import type { ComputerVoiceOptions } from '@ringback/protocol';
import { type AskOverLink, computerLink } from '../../../relay/computer-link';
import { isComputerUnreachable } from '../../../relay/computer-unreachable';
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
}

const NO_CONFIG: TtsConfig = { values: {}, model: '', voice: '' };

/**
 * The computer's own voice, reached through the relay (sealed end to end): the phone needs no
 * key and no CORS from the voice platform. A blank voice takes the computer's configured one.
 * An offline computer or one with no voice falls back to the on-device voice for that sentence,
 * and that stand-in audio is never cached as the computer's.
 */
export function createComputerEngine(options: ComputerEngineOptions): TtsEngine {
  const standIns = new WeakSet<Blob>();
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
      try {
        const audio = await synthesizeOnComputer(options.ask, input, ctx.signal);
        options.status.set(null);
        return audio;
      } catch (error) {
        const reason = fallbackReason(error);
        if (!reason || ctx.signal?.aborted) throw error;
        options.status.set(reason);
        const voice = options.fallback.defaultVoice(input.language);
        const audio = await options.fallback.synthesize({ ...input, voice, model: '' }, NO_CONFIG, ctx);
        standIns.add(audio);
        return audio;
      }
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
 * The failures that mean "the computer cannot speak now", as opposed to a sentence that failed:
 * whatever keeps the computer out of reach (this device offline too) must not keep a call silent.
 */
function fallbackReason(error: unknown): ComputerVoiceFallback | null {
  if (isComputerUnreachable(error)) return 'device_offline';
  if ((error as { code?: unknown } | null)?.code === 'speech_not_configured') return 'speech_not_configured';
  return null;
}

export const computerEngine: TtsEngine = createComputerEngine({
  ask: computerLink.ask,
  fallback: onDeviceEngine,
  status: computerVoiceStatus,
});
