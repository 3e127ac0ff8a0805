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
