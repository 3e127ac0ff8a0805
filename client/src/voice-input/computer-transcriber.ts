import { base64OfBytes } from '../dispatch/base64';
import type { AskOverLink } from '../relay/computer-link';
import { type Transcriber, VoiceInputError } from './transcriber';

/** How the failures of the computer's channel read to the user; the rest are refusals in its own words. */
function failureOf(error: unknown): VoiceInputError {
  const { code, message, status } = (error ?? {}) as { code?: unknown; message?: unknown; status?: unknown };
  const words = typeof message === 'string' ? message : String(error);
  if (code === 'device_offline' || code === 'device_not_found')
    return new VoiceInputError({ kind: 'computer-offline' });
  if (code === 'transcription_not_configured') return new VoiceInputError({ kind: 'computer-not-set' });
  if (code === 'daemon_timeout')
    return new VoiceInputError({ kind: 'timeout', endpoint: 'your computer', seconds: 45 });
  if (code === 'network_error')
    return new VoiceInputError({ kind: 'unreachable', endpoint: 'the relay', message: words });
  return new VoiceInputError({
    kind: 'refused',
    status: typeof status === 'number' && status > 0 ? status : 502,
    message: words,
  });
}

/**
 * Transcribes through the user's computer: the recording goes sealed through the relay to the
 * computer, which calls the speech-to-text endpoint it holds. The phone needs no key, and a
 * server that sends no CORS headers still works.
 */
export function createComputerTranscriber(ask: AskOverLink): Transcriber {
  return async (audio, { language, signal }) => {
    const bytes = new Uint8Array(await audio.arrayBuffer());
    let heard = '';
    try {
      for await (const piece of ask(
        {
          kind: 'speech.transcribe',
          audio: base64OfBytes(bytes),
          mimeType: audio.type || 'audio/webm',
          ...(language ? { language } : {}),
        },
        signal ? { signal } : {},
      ))
        if (piece.type === 'transcript') heard += piece.text;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw failureOf(error);
    }
    if (heard.trim() === '') throw new VoiceInputError({ kind: 'no-text' });
    return heard.trim();
  };
}
