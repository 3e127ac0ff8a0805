import { useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { VoiceInput, VoiceInputState } from '../../voice-input';
import { VoiceInputContext } from './voice-input-context';

export interface VoiceInputField {
  input: VoiceInput;
  state: VoiceInputState;
}

const IDLE: VoiceInputState = { status: 'idle' };

/**
 * One field's voice input for as long as the field is on screen; null without a provider. The
 * words go to the latest `onText`, so a field's handler may close over its current text.
 */
export function useVoiceField(onText: (text: string) => void): VoiceInputField | null {
  const factory = useContext(VoiceInputContext);
  const latest = useRef(onText);
  latest.current = onText;
  const [input, setInput] = useState<VoiceInput | null>(null);
  useEffect(() => {
    if (!factory) return;
    const made = factory((text) => latest.current(text));
    setInput(made);
    // Leaving the screen lets the microphone go and drops a recording under way.
    return () => made.dispose();
  }, [factory]);
  const state = useSyncExternalStore(
    (listener) => input?.subscribe(listener) ?? (() => undefined),
    () => input?.get() ?? IDLE,
  );
  return input ? { input, state } : null;
}

/** `addition` after `text`, with one space between when both have words. */
export function appendWords(text: string, addition: string): string {
  if (!text.trim()) return addition;
  return /\s$/.test(text) ? `${text}${addition}` : `${text} ${addition}`;
}
