import { isComputerUnreachable } from '../../relay/computer-unreachable';
import type { ComputerVoiceFallback } from '../../speech/engines/computer/computer-voice-status';

/** Whether the computer can do one thing for this device now (speak, transcribe, answer questions). */
export type ComputerReadiness = 'ready' | 'unset' | 'offline';

/** A failed probe read as readiness: unreachable is offline; anything else says nothing. */
export function readinessOfFailure(error: unknown): ComputerReadiness | null {
  return isComputerUnreachable(error) ? 'offline' : null;
}

/**
 * The sentence the voice page shows under "Your computer": what a call will sound like. A note
 * from the last call (it fell back) stands when the page could not ask the computer itself.
 */
export function computerVoiceNote(
  probed: ComputerReadiness | null,
  lastFallback: ComputerVoiceFallback | null,
): string {
  const readiness =
    probed ??
    (lastFallback === 'device_offline'
      ? 'offline'
      : lastFallback === 'speech_not_configured'
        ? 'unset'
        : null);
  if (readiness === 'offline')
    return 'Your computer is not connected right now: calls ring with this device’s voice until it is back.';
  if (readiness === 'unset')
    return 'Your computer has no voice set yet: calls ring with this device’s voice until one is set.';
  // A probe that reached the computer does not show whether it can open this device's sealed requests.
  if (lastFallback === 'undecryptable_request')
    return 'Your computer could not open this device’s requests, so calls ring with this device’s voice. One of them needs updating (reload the app here, or update Ringback on your computer), or they hold different end-to-end keys.';
  // Ready, yet the last call found it at its limit (several devices preparing at once): say why it sounded mixed.
  if (lastFallback === 'computer_busy' && probed !== 'unset')
    return 'Your computer was busy with other requests: some sentences of the last call were spoken with this device’s voice.';
  return 'Calls are spoken by the voice set on your computer, sealed through the relay.';
}

/** The sentence under "Your computer" on the model page, when there is something to say. */
export function computerModelNote(probed: ComputerReadiness | null): string | undefined {
  if (probed === 'offline')
    return 'Your computer is not connected right now: questions get no answer until it is back.';
  if (probed === 'unset') return 'Your computer has no model set yet: set one below and save.';
  return undefined;
}

/** The sentence under "Your computer" on the speech recognition page, when there is something to say. */
export function computerTranscriptionNote(probed: ComputerReadiness | null): string | undefined {
  if (probed === 'offline') return 'Your computer is not connected right now: type instead until it is back.';
  if (probed === 'unset') return 'Your computer has no speech recognition set yet: set it below.';
  return undefined;
}
