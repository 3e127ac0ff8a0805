import type { VoiceFailure } from './transcriber';

/** An English sentence (the catalogue key) and its values, put in the interface language by `t`. */
export interface FailureSentence {
  text: string;
  values?: Record<string, string | number>;
}

/** What went wrong, in a plain sentence that says what the user can do; typing always still works. */
export function failureSentence(failure: VoiceFailure): FailureSentence {
  switch (failure.kind) {
    case 'microphone-denied':
      return {
        text: 'Ringback may not use the microphone. Allow it in the browser’s site settings, or type instead.',
      };
    case 'microphone-unavailable':
      return { text: 'No microphone can be used here. Type instead.' };
    case 'nothing-recorded':
      return { text: 'Nothing was recorded. Try again and speak a little longer.' };
    case 'not-set':
      return {
        text: 'Speech recognition is not set up. Set it in Settings → Integrations → Speech recognition, or type instead.',
      };
    case 'computer-offline':
      return { text: 'Your computer is not connected right now (is `ringback up` running?). Type instead.' };
    case 'computer-not-set':
      return {
        text: 'Your computer has no speech recognition set. Set it in Settings → Integrations → Speech recognition, or type instead.',
      };
    case 'refused':
      return {
        text: 'Speech recognition refused the recording ({status}): {message}',
        values: { status: failure.status, message: failure.message || '—' },
      };
    case 'timeout':
      return {
        text: 'Speech recognition at {endpoint} did not answer within {seconds} s.',
        values: { endpoint: failure.endpoint, seconds: failure.seconds },
      };
    case 'unreachable':
      return {
        text: 'Speech recognition could not be reached: {message}',
        values: { message: failure.endpoint ? `${failure.endpoint}: ${failure.message}` : failure.message },
      };
    case 'no-text':
      return { text: 'No words were heard in the recording.' };
  }
}
