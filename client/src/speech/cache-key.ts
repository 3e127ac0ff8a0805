import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { fieldValue, type TtsConfig, type TtsEngine } from './tts-engine';

export interface CacheKeyParts {
  readonly engine: TtsEngine;
  readonly config: TtsConfig;
  readonly model: string;
  readonly voice: string;
  readonly language: string;
  readonly rate: number;
  readonly text: string;
}

/**
 * SHA-256 hex over everything that changes the audio. Secret fields are left out so a new API
 * key does not throw away audio already made. Pure JS hash: crypto.subtle is missing on
 * plain-http LAN pages.
 */
export function speechCacheKey(parts: CacheKeyParts): string {
  const fields = parts.engine.fields
    .filter((field) => field.kind !== 'secret')
    .map((field) => field.key)
    .sort()
    .map((key) => `${key}=${fieldValue(parts.engine, parts.config, key)}`);
  const material = JSON.stringify([
    parts.engine.id,
    parts.model,
    parts.voice,
    parts.language,
    parts.rate,
    fields,
    parts.config.request === undefined ? null : JSON.stringify(parts.config.request),
    parts.text,
  ]);
  return bytesToHex(sha256(utf8ToBytes(material)));
}
