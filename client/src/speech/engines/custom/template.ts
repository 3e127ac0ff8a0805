import { type AudioResponseSpec, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';

export type TemplateMethod = 'POST' | 'GET' | 'PUT';

export interface TemplateHeader {
  readonly name: string;
  readonly value: string;
}

/** The user's own HTTP request for one sentence, with `{{text}}`-style placeholders. */
export interface HttpTemplate {
  readonly method: TemplateMethod;
  readonly url: string;
  readonly headers: readonly TemplateHeader[];
  readonly body: string;
  readonly response: AudioResponseSpec;
}

/** What a template starts as: an OpenAI-style speech request, so a pasted key is all it needs. */
export const DEFAULT_TEMPLATE: HttpTemplate = Object.freeze({
  method: 'POST',
  url: 'https://api.openai.com/v1/audio/speech',
  headers: Object.freeze([
    { name: 'Content-Type', value: 'application/json' },
    { name: 'Authorization', value: 'Bearer ' },
  ]),
  body: '{\n  "model": "tts-1",\n  "input": "{{text}}",\n  "voice": "{{voice}}",\n  "speed": {{speed}}\n}',
  response: RAW_AUDIO_RESPONSE,
});

export const PLACEHOLDER_NAMES = ['text', 'voice', 'speed', 'language', 'uuid', 'timestamp'] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];
export type PlaceholderValues = Readonly<Record<PlaceholderName, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

/** Fills known placeholders (whitespace inside the braces allowed); unknown names stay as written. */
export function substitute(
  source: string,
  values: Partial<PlaceholderValues>,
  encode: (value: string) => string,
): string {
  return source.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name as PlaceholderName];
    return value === undefined ? whole : encode(value);
  });
}

export function hasPlaceholder(source: string, name: PlaceholderName): boolean {
  for (const match of source.matchAll(PLACEHOLDER)) if (match[1] === name) return true;
  return false;
}

/** A random v4 UUID without crypto.randomUUID (missing on plain-http LAN pages). */
export function newUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function placeholderValues(
  input: { text: string; voice: string; rate: number; language: string },
  now: number = Date.now(),
): PlaceholderValues {
  return {
    text: input.text,
    voice: input.voice,
    speed: String(Math.round(input.rate * 100) / 100),
    language: input.language,
    uuid: newUuid(),
    timestamp: String(Math.floor(now / 1000)),
  };
}

const xmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** How a value is escaped inside the body, chosen by the request's Content-Type. */
export function bodyEscaper(contentType: string): (value: string) => string {
  const type = contentType.toLowerCase();
  if (type.includes('json')) return (value) => JSON.stringify(value).slice(1, -1);
  if (type.includes('x-www-form-urlencoded')) return encodeURIComponent;
  if (type.includes('xml') || type.includes('ssml'))
    return (value) => value.replace(/[&<>"']/g, (c) => xmlEntities[c] ?? c);
  return (value) => value;
}

export function headerValue(headers: readonly TemplateHeader[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;
}

export interface RenderedRequest {
  readonly method: TemplateMethod;
  readonly url: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string | undefined;
}

/** The request for one sentence: URL values URI-encoded, header values raw, body by Content-Type. */
export function renderTemplate(template: HttpTemplate, values: Partial<PlaceholderValues>): RenderedRequest {
  const encodeBody = bodyEscaper(headerValue(template.headers, 'content-type') ?? '');
  return {
    method: template.method,
    url: substitute(template.url.trim(), values, encodeURIComponent),
    headers: template.headers.map(
      (header) => [header.name, substitute(header.value, values, (value) => value)] as const,
    ),
    // GET never sends a body (fetch refuses one anyway).
    body:
      template.method === 'GET' || template.body === ''
        ? undefined
        : substitute(template.body, values, encodeBody),
  };
}

const SAMPLE_VALUES: PlaceholderValues = {
  text: 'Hello',
  voice: 'voice',
  speed: '1',
  language: 'en-US',
  uuid: '00000000-0000-4000-8000-000000000000',
  timestamp: '0',
};

/** What is wrong with a template in plain words, or null; problems block requests. */
export function templateProblem(template: HttpTemplate | undefined): string | null {
  if (!template) return 'Paste a cURL command to set up the request.';
  if (!['POST', 'GET', 'PUT'].includes(template.method)) return 'The method must be POST, GET or PUT.';
  const url = substitute(template.url.trim(), SAMPLE_VALUES, encodeURIComponent);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The address is not a valid URL.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return 'The address must start with http:// or https://.';
  const places = [
    template.url,
    template.method === 'GET' ? '' : template.body,
    ...template.headers.map((h) => h.value),
  ];
  if (!places.some((place) => hasPlaceholder(place, 'text')))
    return 'The request must contain {{text}} where the sentence goes.';
  if (template.response.source === 'json' && template.response.path.trim() === '') {
    return 'Say where the audio is in the JSON answer.';
  }
  return null;
}
