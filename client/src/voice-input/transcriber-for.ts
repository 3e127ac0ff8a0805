import type { SpeechRecognitionSettings } from '../storage';
import { createDirectTranscriber } from './direct-transcriber';
import { type Transcriber, unsetTranscriber } from './transcriber';

/**
 * The transcriber the settings choose. Today that is the user's own endpoint, called directly;
 * "through your computer" becomes another choice here without the callers changing.
 */
export function transcriberFor(settings: { speechRecognition: SpeechRecognitionSettings }): Transcriber {
  return settings.speechRecognition.baseUrl
    ? createDirectTranscriber(settings.speechRecognition)
    : unsetTranscriber;
}
