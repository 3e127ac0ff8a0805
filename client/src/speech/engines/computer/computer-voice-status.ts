/** Why the last sentence meant for the computer's voice was spoken by this device instead. */
export type ComputerVoiceFallback =
  | 'device_offline'
  | 'speech_not_configured'
  | 'computer_busy'
  /** The computer could not open this device's requests: one of them needs updating, or their keys differ. */
  | 'undecryptable_request';

export interface ComputerVoiceStatus {
  get(): ComputerVoiceFallback | null;
  set(reason: ComputerVoiceFallback | null): void;
  subscribe(listener: () => void): () => void;
}

/**
 * What the voice page tells the user about "Your computer": a call that fell back to the
 * on-device voice still rang, so this is the only place the user learns why it sounded different.
 */
export function createComputerVoiceStatus(): ComputerVoiceStatus {
  let reason: ComputerVoiceFallback | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => reason,
    set(next) {
      if (next === reason) return;
      reason = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const computerVoiceStatus: ComputerVoiceStatus = createComputerVoiceStatus();
