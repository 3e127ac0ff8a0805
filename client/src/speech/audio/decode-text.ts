import { VoiceHttpError } from '../tts-engine';

/**
 * Base64 as platforms send it: tolerates a `data:…,` prefix, whitespace, the URL-safe alphabet
 * and missing padding.
 */
export function decodeBase64(text: string): Uint8Array {
  let body = text.trim();
  if (body.startsWith('data:')) {
    const comma = body.indexOf(',');
    body = comma === -1 ? '' : body.slice(comma + 1);
  }
  body = body.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(body) || body.length % 4 === 1) {
    throw new VoiceHttpError('the audio is not valid base64');
  }
  body += '='.repeat((4 - (body.length % 4)) % 4);
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function decodeHex(text: string): Uint8Array {
  const body = text.trim();
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) {
    throw new VoiceHttpError('the audio is not valid hex');
  }
  const bytes = new Uint8Array(body.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(body.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The value at `a.b[0].c` / `a.b.0.c` in a parsed JSON document, or undefined. */
export function valueAtPath(document: unknown, path: string): unknown {
  const keys = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((key) => key !== '');
  let current: unknown = document;
  for (const key of keys) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
