/** Messages between the page and the eSpeak NG worker (structured-clone safe). */
export interface EspeakJob {
  readonly id: number;
  readonly text: string;
  readonly voice: string;
  readonly wordsPerMinute: number;
}

export type EspeakReply =
  | { readonly id: number; readonly ok: true; readonly wav: ArrayBuffer; readonly sampleCount: number }
  | { readonly id: number; readonly ok: false; readonly message: string };

/**
 * What the worker says while a job runs, before its reply: `loading` each time some voice data
 * arrives (a language's first download, up to 8.5 MB for Russian), `speaking` once the data is on
 * the device and eSpeak NG speaks. The page times a download by its progress and only the speech
 * by the job deadline.
 */
export interface EspeakStage {
  readonly id: number;
  readonly stage: 'loading' | 'speaking';
}

/** Everything the worker posts. */
export type EspeakMessage = EspeakReply | EspeakStage;

export function isStage(message: EspeakMessage): message is EspeakStage {
  return 'stage' in message;
}
