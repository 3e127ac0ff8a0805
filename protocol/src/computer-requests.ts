import { Type } from 'typebox';

// A device's request to its account's computer (the daemon), through the relay:
// `POST /v1/devices/:deviceId/requests` with `{requestId, sealed}`; the answer streams back as
// NDJSON lines, each one sealed frame (or, from the relay itself, one plain error that ends it).

const RequestId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Base64 = (maxBytes: number) =>
  Type.String({ maxLength: Math.ceil(maxBytes / 3) * 4, pattern: '^[A-Za-z0-9+/]*={0,2}$' });

/** The largest recording a device may send for transcription (about 4 minutes of Opus or 25 s of WAV). */
export const COMPUTER_AUDIO_MAX_BYTES = 4 * 1024 * 1024;
/** A sealed request's largest size: the largest recording after base64, JSON and sealing. */
export const COMPUTER_REQUEST_SEALED_MAX = 8 * 1024 * 1024;
/** Synthesised audio goes back in pieces of at most this many bytes, one frame each. */
export const COMPUTER_ANSWER_AUDIO_CHUNK_BYTES = 48 * 1024;
/** A sealed answer frame's largest size (an audio piece after base64, JSON and sealing). */
export const COMPUTER_FRAME_SEALED_MAX = 128 * 1024;
/**
 * Frames the daemon may send past the last one the relay acknowledged (`computer-ack`, sent once
 * a frame is written to the device's HTTP response): a slow reader slows the model, not the relay.
 */
export const COMPUTER_ANSWER_WINDOW = 16;

/** `POST /v1/devices/:deviceId/requests` body (an app device, to a daemon of its account). */
export const ComputerRequestBody = Type.Object(
  {
    requestId: RequestId,
    sealed: Type.String({ minLength: 1, maxLength: COMPUTER_REQUEST_SEALED_MAX, pattern: '^e1\\.' }),
  },
  { additionalProperties: false },
);
export type ComputerRequestBody = Type.Static<typeof ComputerRequestBody>;

/** An OpenAI chat message, text only. */
export const ComputerChatMessage = Type.Object({
  role: Type.Union([Type.Literal('system'), Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.String({ maxLength: 64_000 }),
});
export type ComputerChatMessage = Type.Static<typeof ComputerChatMessage>;

/** How the voice speaks; unset fields take the computer's voice settings. */
export const ComputerVoiceOptions = Type.Object({
  voice: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  speed: Type.Optional(Type.Number({ minimum: 0.25, maximum: 4 })),
  format: Type.Optional(
    Type.Union([
      Type.Literal('mp3'),
      Type.Literal('wav'),
      Type.Literal('opus'),
      Type.Literal('aac'),
      Type.Literal('flac'),
      Type.Literal('pcm'),
    ]),
  ),
});
export type ComputerVoiceOptions = Type.Static<typeof ComputerVoiceOptions>;

/** When the device sealed it (ms since the epoch): the daemon refuses one 5 minutes off its clock. */
const IssuedAt = Type.Integer({ minimum: 0 });

/**
 * Sealed with AAD `ringback:computer-request:v2:<daemonDeviceId>:<requestId>`: only the computer
 * it names opens it. The daemon runs each kind with the
 * settings it holds (`llm.primary`, `speech`, `transcription`) and refuses a requestId it has
 * run before, like a relayed settings request.
 */
export const ComputerRequestPlaintext = Type.Union([
  Type.Object({
    kind: Type.Literal('model.answer'),
    messages: Type.Array(ComputerChatMessage, { minItems: 1, maxItems: 200 }),
    issuedAt: IssuedAt,
  }),
  Type.Object({
    kind: Type.Literal('speech.synthesize'),
    text: Type.String({ minLength: 1, maxLength: 4096 }),
    language: Type.String({ minLength: 1, maxLength: 35 }),
    voice: Type.Optional(ComputerVoiceOptions),
    issuedAt: IssuedAt,
  }),
  Type.Object({
    kind: Type.Literal('speech.transcribe'),
    /** The recording, base64. */
    audio: Base64(COMPUTER_AUDIO_MAX_BYTES),
    mimeType: Type.String({ minLength: 1, maxLength: 100 }),
    /** A language hint (BCP 47 or ISO 639-1). */
    language: Type.Optional(Type.String({ minLength: 1, maxLength: 35 })),
    issuedAt: IssuedAt,
  }),
]);
export type ComputerRequestPlaintext = Type.Static<typeof ComputerRequestPlaintext>;
export type ComputerRequestKind = ComputerRequestPlaintext['kind'];

/**
 * One frame of the answer, sealed with AAD `ringback:computer-answer:v1:<requestId>:<seq>` (seq
 * from 0): a relay can neither reorder, repeat nor move a frame into another answer. The last
 * frame is `end` or `error`; a stream that stops before one was cut short.
 */
export const ComputerAnswerFrame = Type.Union([
  /** `model.answer`: the next piece of the answer's text. */
  Type.Object({ type: Type.Literal('text'), delta: Type.String() }),
  /** `speech.synthesize`: the next piece of the audio, base64. */
  Type.Object({
    type: Type.Literal('audio'),
    mimeType: Type.String(),
    data: Base64(COMPUTER_ANSWER_AUDIO_CHUNK_BYTES),
  }),
  /** `speech.transcribe`: the words heard. */
  Type.Object({ type: Type.Literal('transcript'), text: Type.String() }),
  Type.Object({ type: Type.Literal('end') }),
  /** The request failed at the computer: an error code of the catalogue and plain words. */
  Type.Object({ type: Type.Literal('error'), error: Type.String(), message: Type.Optional(Type.String()) }),
]);
export type ComputerAnswerFrame = Type.Static<typeof ComputerAnswerFrame>;

export function isFinalAnswerFrame(frame: ComputerAnswerFrame): boolean {
  return frame.type === 'end' || frame.type === 'error';
}

/**
 * One NDJSON line of the HTTP answer: a sealed frame, or the relay's own plain error (the
 * computer went offline, a deadline or limit passed), which is always the last line.
 */
export const ComputerAnswerLine = Type.Union([
  Type.Object({ seq: Type.Integer({ minimum: 0 }), sealed: Type.String() }),
  Type.Object({ error: Type.String(), message: Type.Optional(Type.String()) }),
]);
export type ComputerAnswerLine = Type.Static<typeof ComputerAnswerLine>;

export const COMPUTER_ANSWER_CONTENT_TYPE = 'application/x-ndjson';

// On the daemon's link.

/** Relay → daemon. */
export const ComputerLinkDown = [
  Type.Object({ type: Type.Literal('computer-request'), requestId: Type.String(), sealed: Type.String() }),
  /** The device went away or a limit passed: stop, send nothing more. */
  Type.Object({ type: Type.Literal('computer-cancel'), requestId: Type.String() }),
  /** Frames up to `seq` were written to the device's response: more may come. */
  Type.Object({
    type: Type.Literal('computer-ack'),
    requestId: Type.String(),
    seq: Type.Integer({ minimum: 0 }),
  }),
] as const;

/** Daemon → relay. */
export const ComputerLinkUp = [
  Type.Object({
    type: Type.Literal('computer-frame'),
    requestId: Type.String(),
    seq: Type.Integer({ minimum: 0 }),
    sealed: Type.String({ maxLength: COMPUTER_FRAME_SEALED_MAX }),
    /** The frame is the answer's last (`end` or `error`, which the relay cannot read). */
    last: Type.Boolean(),
  }),
  /** The request could not be opened (another key) or the daemon is too busy to take it. */
  Type.Object({
    type: Type.Literal('computer-refused'),
    requestId: Type.String(),
    error: Type.Union([Type.Literal('undecryptable_request'), Type.Literal('computer_busy')]),
  }),
] as const;
