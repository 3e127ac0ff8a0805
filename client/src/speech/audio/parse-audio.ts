import { VoiceHttpError } from '../tts-engine';
import { decodeBase64, decodeHex, valueAtPath } from './decode-text';
import { pcm16ToWav } from './wav';

/** Where the audio sits in a platform's answer (custom template, §2.4). */
export interface AudioResponseSpec {
  readonly source: 'body' | 'json';
  /** JSON path (`a.b[0].c`) of the audio string; required for `json`. */
  readonly path: string;
  readonly encoding: 'base64' | 'hex' | 'url';
  /** `pcm16`: headerless little-endian 16-bit mono PCM, wrapped in a WAV header. */
  readonly format: 'auto' | 'pcm16';
  readonly sampleRate: number;
}

export const RAW_AUDIO_RESPONSE: AudioResponseSpec = Object.freeze({
  source: 'body',
  path: '',
  encoding: 'base64',
  format: 'auto',
  sampleRate: 24000,
});

interface FetchContext {
  readonly fetch: typeof fetch;
  readonly signal?: AbortSignal;
}

/** The audio type from magic bytes, or null when they are not audio we know. */
export function sniffAudio(bytes: Uint8Array): string | null {
  const ascii = (offset: number, length: number) =>
    String.fromCharCode(...bytes.subarray(offset, offset + length));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WAVE') return 'audio/wav';
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(4, 4) === 'ftyp') return 'audio/mp4';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  const second = bytes[1] ?? 0;
  if (bytes[0] === 0xff && (second & 0xe0) === 0xe0) {
    // MPEG frame sync: layer bits 00 only occur in ADTS (AAC) headers.
    return ((second >> 1) & 0x03) === 0 ? 'audio/aac' : 'audio/mpeg';
  }
  return null;
}

/** The first 200 characters of a body, for error messages a user can act on. */
export function excerpt(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes.subarray(0, 400)).slice(0, 200);
}

/** A non-2xx answer as a VoiceHttpError carrying the platform's own message when it sends one. */
export async function errorFromResponse(response: Response): Promise<VoiceHttpError> {
  const text = await response.text().catch(() => '');
  let message = text.slice(0, 200);
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const error = body.error;
    const detail =
      (typeof error === 'object' && error !== null ? (error as Record<string, unknown>).message : error) ??
      body.message ??
      body.detail;
    if (typeof detail === 'string' && detail !== '') message = detail.slice(0, 200);
  } catch {
    // Not JSON: the text excerpt is the message.
  }
  return new VoiceHttpError(
    `voice platform answered ${response.status}${message ? `: ${message}` : ''}`,
    response.status,
  );
}

/** Audio bytes as a typed Blob: WAV-wrapped PCM, or sniffed audio; anything else is an error. */
export function audioBlob(bytes: Uint8Array, spec: AudioResponseSpec): Blob {
  if (bytes.byteLength === 0) throw new VoiceHttpError('the voice platform returned no audio');
  if (spec.format === 'pcm16') {
    if (bytes.byteLength < 2) throw new VoiceHttpError('the voice platform returned no audio');
    return new Blob([pcm16ToWav(bytes, spec.sampleRate)], { type: 'audio/wav' });
  }
  const type = sniffAudio(bytes);
  if (!type) throw new VoiceHttpError(`the answer is not audio we can play: ${excerpt(bytes)}`);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
}

async function rawAudio(response: Response, spec: AudioResponseSpec): Promise<Blob> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
  // Raw PCM servers (CosyVoice) label audio text/plain, so only `auto` trusts the label.
  if (spec.format === 'auto' && (contentType.includes('json') || contentType.startsWith('text/'))) {
    throw new VoiceHttpError(`the answer is ${contentType.split(';')[0]}, not audio: ${excerpt(bytes)}`);
  }
  return audioBlob(bytes, spec);
}

/** The whole body as one JSON document, else one per line (NDJSON or server-sent events). */
export function jsonDocuments(text: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    // Fall through to line-by-line.
  }
  const documents: unknown[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    let line = rawLine.trim();
    if (line === '' || line.startsWith(':') || /^(event|id|retry):/.test(line)) continue;
    if (line.startsWith('data:')) line = line.slice(5).trim();
    if (line === '' || line === '[DONE]') continue;
    try {
      documents.push(JSON.parse(line));
    } catch {
      throw new VoiceHttpError(`the answer is not JSON: ${line.slice(0, 200)}`);
    }
  }
  return documents;
}

async function jsonAudio(response: Response, spec: AudioResponseSpec, ctx: FetchContext): Promise<Blob> {
  const documents = jsonDocuments(await response.text());
  const strings = documents
    .map((document) => valueAtPath(document, spec.path))
    .filter((value): value is string => typeof value === 'string' && value !== '');
  if (strings.length === 0) throw new VoiceHttpError(`the answer has no audio at "${spec.path}"`);
  if (spec.encoding === 'url') {
    const url = strings[0] ?? '';
    if (!/^https?:\/\//i.test(url))
      throw new VoiceHttpError(`the audio address is not http(s): ${url.slice(0, 200)}`);
    const download = await ctx.fetch(url, { signal: ctx.signal });
    if (!download.ok) throw await errorFromResponse(download);
    return rawAudio(download, spec);
  }
  const decode = spec.encoding === 'hex' ? decodeHex : decodeBase64;
  const parts = strings.map(decode);
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return audioBlob(joined, spec);
}

/** A platform's answer as playable audio, per `spec`. Errors are VoiceHttpError. */
export async function parseAudioResponse(
  response: Response,
  spec: AudioResponseSpec,
  ctx: FetchContext,
): Promise<Blob> {
  if (!response.ok) throw await errorFromResponse(response);
  if (spec.source === 'json') {
    if (spec.path.trim() === '') throw new VoiceHttpError('no JSON path for the audio is set');
    return jsonAudio(response, spec, ctx);
  }
  return rawAudio(response, spec);
}
