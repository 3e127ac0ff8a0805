import type { HttpTemplate } from './engines/custom/template';

/**
 * Picker groups: free (no account), the user's own computer (through the relay), cloud
 * platforms, servers the user runs, the user's own template.
 */
export type TtsCategory = 'free' | 'computer' | 'cloud' | 'selfHosted' | 'custom';

export interface TtsField {
  readonly key: string;
  readonly label: string;
  readonly kind: 'text' | 'secret' | 'url' | 'select';
  readonly placeholder?: string;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly default?: string;
  readonly hint?: string;
  readonly optional?: boolean;
}

export interface TtsModel {
  readonly id: string;
  readonly name: string;
}

export interface TtsVoice {
  readonly id: string;
  readonly name: string;
  readonly gender?: 'female' | 'male' | 'neutral';
}

/** What one request speaks; `rate` is already clamped to the engine's range (1 when it has none). */
export interface TtsInput {
  readonly text: string;
  readonly voice: string;
  readonly model: string;
  readonly rate: number;
  readonly language: string;
}

/** One engine's saved settings; settings keep one per engine so switching engines loses nothing. */
export interface TtsConfig {
  readonly values: Readonly<Record<string, string>>;
  readonly model: string;
  readonly voice: string;
  /** Only the custom engine uses this: the request template built by cURL import. */
  readonly request?: HttpTemplate;
}

export interface TtsContext {
  readonly fetch: typeof fetch;
  readonly signal?: AbortSignal;
}

export interface TtsEngine {
  readonly id: string;
  readonly name: string;
  readonly category: TtsCategory;
  readonly site?: string;
  readonly docs?: string;
  readonly fields: readonly TtsField[];
  /** First = default. */
  readonly models: readonly TtsModel[];
  /** Voices offered for a call language, female first. */
  voices(language: string): readonly TtsVoice[];
  /** Free-typed voice ids are accepted. */
  readonly customVoice: boolean;
  defaultVoice(language: string): string;
  listVoices?(config: TtsConfig, ctx: TtsContext): Promise<readonly TtsVoice[]>;
  readonly rate: { readonly min: number; readonly max: number } | null;
  /** The engine does its own throttling and retries; the service calls it directly. */
  readonly ownsRequestPolicy?: boolean;
  /**
   * The platform addresses this engine reaches that are not one of its `url` fields (fixed hosts,
   * a region's host): the desktop app lets its main process reach exactly these and the fields.
   */
  reaches?(config: TtsConfig): readonly string[];
  /** A plain-words problem with `config.request` (custom template), or null. */
  requestProblem?(config: TtsConfig): string | null;
  synthesize(input: TtsInput, config: TtsConfig, ctx: TtsContext): Promise<Blob>;
  /** False for audio that stands in for this engine's own (a fallback voice): it is not cached as this engine's. */
  keepsInCache?(audio: Blob): boolean;
}

/** A voice platform answered with an error, or its answer held no usable audio. */
export class VoiceHttpError extends Error {
  override readonly name = 'VoiceHttpError';
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/**
 * Final failure of a synthesis after retries. The in-call machine checks `voiceUnavailable`
 * (not `instanceof`, which breaks across bundles) to switch to cards and captions. The message
 * carries the cause's, since a call that could not be prepared shows it on the idle page, and
 * the user needs to know which platform failed and how (a timeout names its host).
 */
export class VoiceUnavailableError extends Error {
  override readonly name = 'VoiceUnavailableError';
  readonly voiceUnavailable = true;
  constructor(cause?: unknown) {
    const detail = cause instanceof Error && cause.message ? `: ${cause.message}` : '';
    super(`voice service unavailable${detail}`, { cause });
  }
}

export function isVoiceUnavailable(error: unknown): error is VoiceUnavailableError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { voiceUnavailable?: unknown }).voiceUnavailable === true
  );
}

/**
 * The first setting that blocks saving or testing: a blank required field's key, or `request`
 * when the engine's request template has a problem; null when nothing is missing.
 */
export function missingSetting(engine: TtsEngine, config: TtsConfig): string | null {
  for (const field of engine.fields) {
    if (field.optional) continue;
    if (fieldValue(engine, config, field.key) === '') return field.key;
  }
  if (engine.requestProblem?.(config)) return 'request';
  return null;
}

/**
 * The voice to use for a call language: the saved one when the engine accepts any id or offers
 * it for that language, else the engine's default (the saved choice stays in settings, so
 * switching the language back restores it).
 */
export function resolveVoice(engine: TtsEngine, savedVoice: string, language: string): string {
  const saved = savedVoice.trim();
  if (saved !== '') {
    if (engine.customVoice) return saved;
    if (engine.voices(language).some((voice) => voice.id === saved)) return saved;
  }
  return engine.defaultVoice(language);
}

/** A field's value with its declared default filled in. */
export function fieldValue(engine: TtsEngine, config: TtsConfig, key: string): string {
  const value = config.values[key];
  if (value !== undefined && value.trim() !== '') return value.trim();
  return engine.fields.find((field) => field.key === key)?.default ?? '';
}
