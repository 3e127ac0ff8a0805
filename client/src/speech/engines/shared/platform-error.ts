import { excerpt } from '../../audio/parse-audio';
import { VoiceHttpError } from '../../tts-engine';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The human message inside a platform's error body, whichever shape it uses: OpenAI-style
 * `{error:{message}}`, `{message}`, ElevenLabs `{detail:{message}}` or `{detail:[{msg}]}`,
 * MiniMax `{base_resp:{status_msg}}`, Volcengine `{header:{message}}`.
 */
export function platformMessage(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const { error, detail, base_resp: baseResp, header } = body;
  const detailItem = Array.isArray(detail) ? detail[0] : detail;
  return (
    (isObject(error) ? text(error.message) : text(error)) ??
    text(body.message) ??
    text(body.Message) ??
    text(detail) ??
    (isObject(detailItem) ? (text(detailItem.message) ?? text(detailItem.msg)) : undefined) ??
    (isObject(baseResp) ? text(baseResp.status_msg) : undefined) ??
    (isObject(header) ? text(header.message) : undefined)
  );
}

/** A non-2xx answer as a VoiceHttpError naming the platform, its status and its own message. */
export async function platformHttpError(platform: string, response: Response): Promise<VoiceHttpError> {
  const bytes = new Uint8Array(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  let message = excerpt(bytes).trim();
  try {
    message = platformMessage(JSON.parse(new TextDecoder().decode(bytes))) ?? message;
  } catch {
    // Not JSON: the text excerpt is the message.
  }
  const status = response.status;
  return new VoiceHttpError(
    `${platform} answered ${status}${message ? `: ${message.slice(0, 200)}` : ''}`,
    status,
  );
}

/** An error a platform reports inside a successful HTTP answer (a non-zero code in the JSON). */
export function platformCodeError(
  platform: string,
  code: unknown,
  message: string | undefined,
  status: number,
): VoiceHttpError {
  return new VoiceHttpError(`${platform} error ${String(code)}${message ? `: ${message}` : ''}`, status);
}

/** Runs `work`, prefixing the platform's name to any VoiceHttpError that does not name it yet. */
export async function namingPlatform<T>(platform: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VoiceHttpError && !error.message.startsWith(platform)) {
      throw new VoiceHttpError(`${platform}: ${error.message}`, error.status);
    }
    throw error;
  }
}

/** A JSON answer body, or a VoiceHttpError quoting what came instead. */
export async function platformJson(platform: string, response: Response): Promise<unknown> {
  const body = await response.text();
  try {
    return JSON.parse(body);
  } catch {
    throw new VoiceHttpError(`${platform} answered with something that is not JSON: ${body.slice(0, 200)}`);
  }
}

/** Voices with female ones first, keeping each group's order. */
export function femaleFirst<T extends { readonly gender?: string }>(voices: readonly T[]): T[] {
  return [...voices].sort((a, b) => Number(b.gender === 'female') - Number(a.gender === 'female'));
}

/**
 * Runs `work`; a VoiceHttpError it throws (a failed answer, audio that could not be read) comes
 * out with the platform's name in front, once, and its status kept.
 */
export async function namedByPlatform<T>(platform: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VoiceHttpError && !error.message.startsWith(platform))
      throw new VoiceHttpError(`${platform}: ${error.message}`, error.status);
    throw error;
  }
}
