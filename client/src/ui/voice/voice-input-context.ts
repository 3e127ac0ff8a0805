import { createContext } from 'react';
import type { VoiceInput } from '../../voice-input';

/**
 * Makes one field's voice input. The app provides it (its recorder and the transcriber the settings
 * choose); without a provider (tests of other things, a page with no session) no Talk button shows.
 */
export type VoiceInputFactory = (onText: (text: string) => void) => VoiceInput;

export const VoiceInputContext = createContext<VoiceInputFactory | null>(null);
