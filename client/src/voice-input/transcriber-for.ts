import { type AskOverLink, computerLink } from '../relay/computer-link';
import type { ServiceSource, SpeechRecognitionSettings } from '../storage';
import { createComputerTranscriber } from './computer-transcriber';
import { createDirectTranscriber } from './direct-transcriber';
import { type Transcriber, unsetTranscriber } from './transcriber';

/**
 * The transcriber the settings choose: the user's computer (through the relay), or the user's own
 * endpoint called directly; the callers do not know which.
 */
export function transcriberFor(
  settings: { speechRecognition: SpeechRecognitionSettings; speechRecognitionSource?: ServiceSource },
  ask: AskOverLink = computerLink.ask,
): Transcriber {
  if (settings.speechRecognitionSource === 'computer') return createComputerTranscriber(ask);
  return settings.speechRecognition.baseUrl
    ? createDirectTranscriber(settings.speechRecognition)
    : unsetTranscriber;
}
