import { Type } from 'typebox';

// The computer's voice and speech-to-text, used for devices' requests through it. Each is an
// OpenAI-compatible endpoint; its key is stored on the computer and only ever shown as a hint.

export const SpeechFormat = Type.Union([
  Type.Literal('mp3'),
  Type.Literal('wav'),
  Type.Literal('opus'),
  Type.Literal('aac'),
  Type.Literal('flac'),
  Type.Literal('pcm'),
]);
export type SpeechFormat = Type.Static<typeof SpeechFormat>;

/** The voice as the local API shows it (`POST <baseUrl>/audio/speech`). */
export const SpeechChannel = Type.Object({
  baseUrl: Type.String(),
  model: Type.String(),
  voice: Type.String(),
  format: SpeechFormat,
  keyHint: Type.String(),
});
export type SpeechChannel = Type.Static<typeof SpeechChannel>;

/** `GET/PUT/DELETE /speech/settings` reply; null when no voice is configured. */
export const SpeechSettingsReply = Type.Object({ speech: Type.Union([SpeechChannel, Type.Null()]) });
export type SpeechSettingsReply = Type.Static<typeof SpeechSettingsReply>;

/** `PUT /speech/settings` body. Without `apiKey` the saved key is kept. */
export const SpeechSettingsUpdate = Type.Object(
  {
    baseUrl: Type.String({ minLength: 1, maxLength: 2048 }),
    apiKey: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    model: Type.String({ minLength: 1, maxLength: 256 }),
    voice: Type.String({ minLength: 1, maxLength: 128 }),
    format: Type.Optional(SpeechFormat),
  },
  { additionalProperties: false },
);
export type SpeechSettingsUpdate = Type.Static<typeof SpeechSettingsUpdate>;

/** The speech-to-text endpoint as the local API shows it (`POST <baseUrl>/audio/transcriptions`). */
export const TranscriptionChannel = Type.Object({
  baseUrl: Type.String(),
  model: Type.String(),
  keyHint: Type.String(),
});
export type TranscriptionChannel = Type.Static<typeof TranscriptionChannel>;

/** `GET/PUT/DELETE /transcription/settings` reply; null when none is configured. */
export const TranscriptionSettingsReply = Type.Object({
  transcription: Type.Union([TranscriptionChannel, Type.Null()]),
});
export type TranscriptionSettingsReply = Type.Static<typeof TranscriptionSettingsReply>;

/** `PUT /transcription/settings` body. Without `apiKey` the saved key is kept. */
export const TranscriptionSettingsUpdate = Type.Object(
  {
    baseUrl: Type.String({ minLength: 1, maxLength: 2048 }),
    apiKey: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    model: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type TranscriptionSettingsUpdate = Type.Static<typeof TranscriptionSettingsUpdate>;
