import { DEVICE_TOKEN_PREFIX, isE2eKey, normalizeBriefLocale } from '@ringback/protocol';
import { DEFAULT_FORM_OF_ADDRESS } from '../format/form-of-address';

/** One speech engine's settings, kept per engine so switching engines loses nothing. */
export interface VoiceEngineConfig {
  /** The engine's declared fields (keys, regions, addresses…) by field key. */
  values: Record<string, string>;
  /** '' = the engine's default model. */
  model: string;
  /** '' = the engine's default voice for the language. */
  voice: string;
  /** The custom HTTP engine's request template, as that engine stores it (opaque JSON here). */
  request?: unknown;
}

export interface VoiceSettings {
  engineId: string;
  configs: Record<string, VoiceEngineConfig>;
  /** 0.5–2; each engine clamps it again to its own range. */
  rate: number;
}

export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** The user's own OpenAI-compatible `/audio/transcriptions` endpoint, called directly by this device. */
export interface SpeechRecognitionSettings {
  /** Normalised (see normalizeBaseUrl); '' = not set, so voice input says where to set it. */
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** OpenAI's own name; most compatible servers (faster-whisper, whisper.cpp, Groq) accept or ignore it. */
export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1';

/**
 * Where the model for questions, or speech recognition, runs: this device calls the endpoint
 * itself (`direct`), or the user's computer does, through the relay (`computer`).
 */
export type ServiceSource = 'direct' | 'computer';

/** `ringback.settings`: device-local, never sent anywhere as a whole. '' / null mean "not set". */
export interface LocalSettings {
  serverAddress: string;
  /** `dev_…`; anything else (an old shared secret) is discarded on read. */
  deviceToken: string | null;
  accountId: string | null;
  deviceId: string | null;
  /** The account's computer (its daemon's device id), the target of relayed settings. */
  daemonDeviceId: string | null;
  deviceName: string;
  /** A brief-locale tag; null follows the system. */
  briefLanguage: string | null;
  voice: VoiceSettings;
  formOfAddress: string;
  llm: LlmSettings;
  /** Who answers questions in calls: the endpoint in `llm`, or the computer's model. */
  questionModelSource: ServiceSource;
  speechRecognition: SpeechRecognitionSettings;
  /** Who transcribes Talk and Dictate: the endpoint in `speechRecognition`, or the computer's. */
  speechRecognitionSource: ServiceSource;
  /**
   * A phone paired just now, whose computer has not yet been asked what it has set: once it
   * answers, "Your computer" becomes the default for each thing it has (model, voice, speech
   * recognition). Never set on the desktop app, nor on records from before pairing did this.
   */
  computerDefaultsPending: boolean;
  /** Which end-to-end key this device holds (its keyId); null when it has none yet. */
  e2eKeyId: string | null;
  /**
   * The key's `k1_…` text, only where the page cannot hold it as a non-extractable CryptoKey (no
   * `crypto.subtle` or IndexedDB: a plain-http LAN page), or until the start-up migration moves it
   * there. Elsewhere null: the key is in IndexedDB `ringback-keys` (see key-store.ts).
   */
  e2eKey: string | null;
  /** True when the key came from (and should follow) the local daemon. */
  e2eFollowsDaemon: boolean;
  /** The interface's words: the system's (Chinese when its first language is Chinese, else English), or one. */
  interfaceLanguage: InterfaceLanguage;
  /**
   * The user turned background ringing on here: this device keeps a Web Push subscription with the
   * relay, renewed at each start. Off until chosen (turning it on asks for notification permission).
   */
  backgroundRinging: boolean;
}

export type InterfaceLanguage = 'system' | 'zh' | 'en';

/** The on-device voice (eSpeak NG in WebAssembly): needs no account and no network. */
export const DEFAULT_VOICE_ENGINE_ID = 'on-device';
export const MIN_SPEECH_RATE = 0.5;
export const MAX_SPEECH_RATE = 2;

export function defaultSettings(): LocalSettings {
  return {
    serverAddress: '',
    deviceToken: null,
    accountId: null,
    deviceId: null,
    daemonDeviceId: null,
    deviceName: '',
    briefLanguage: null,
    voice: { engineId: DEFAULT_VOICE_ENGINE_ID, configs: {}, rate: 1 },
    formOfAddress: DEFAULT_FORM_OF_ADDRESS,
    llm: { baseUrl: '', apiKey: '', model: '' },
    questionModelSource: 'direct',
    speechRecognition: { baseUrl: '', apiKey: '', model: DEFAULT_TRANSCRIPTION_MODEL },
    speechRecognitionSource: 'direct',
    computerDefaultsPending: false,
    e2eKeyId: null,
    e2eKey: null,
    e2eFollowsDaemon: false,
    interfaceLanguage: 'system',
    backgroundRinging: false,
  };
}

/** Whether this device has an end-to-end key, wherever it is held. */
export function hasE2eKey(settings: Pick<LocalSettings, 'e2eKeyId' | 'e2eKey'>): boolean {
  return settings.e2eKeyId !== null || settings.e2eKey !== null;
}

export function clampSpeechRate(rate: number): number {
  if (!Number.isFinite(rate)) return 1;
  return Math.min(MAX_SPEECH_RATE, Math.max(MIN_SPEECH_RATE, rate));
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;
const idOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

function httpAddressOr(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : fallback;
  } catch {
    return fallback;
  }
}

function stringValues(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function parseEngineConfig(value: unknown): VoiceEngineConfig | null {
  if (!isObject(value)) return null;
  const config: VoiceEngineConfig = {
    values: stringValues(value.values),
    model: text(value.model, ''),
    voice: text(value.voice, ''),
  };
  if (value.request !== undefined) config.request = value.request;
  return config;
}

function parseVoice(value: unknown, fallback: VoiceSettings): VoiceSettings {
  if (!isObject(value)) return fallback;
  const configs: Record<string, VoiceEngineConfig> = {};
  if (isObject(value.configs)) {
    for (const [engineId, raw] of Object.entries(value.configs)) {
      const config = parseEngineConfig(raw);
      if (config) configs[engineId] = config;
    }
  }
  return {
    engineId: idOrNull(value.engineId) ?? fallback.engineId,
    configs,
    rate: typeof value.rate === 'number' ? clampSpeechRate(value.rate) : fallback.rate,
  };
}

/**
 * Whatever was stored, as settings: each field that is missing or malformed takes its default on its
 * own, so one bad field never costs the user the others.
 */
export function parseSettings(value: unknown): LocalSettings {
  const defaults = defaultSettings();
  if (!isObject(value)) return defaults;
  const token = value.deviceToken;
  const language = typeof value.briefLanguage === 'string' ? normalizeBriefLocale(value.briefLanguage) : null;
  const llm = isObject(value.llm) ? value.llm : {};
  // Records from before voice input have no field: not set.
  const stt = isObject(value.speechRecognition) ? value.speechRecognition : {};
  const key = value.e2eKey;
  const form = typeof value.formOfAddress === 'string' ? value.formOfAddress.trim() : '';
  return {
    serverAddress: httpAddressOr(value.serverAddress, defaults.serverAddress),
    deviceToken:
      typeof token === 'string' &&
      token.startsWith(DEVICE_TOKEN_PREFIX) &&
      token.length > DEVICE_TOKEN_PREFIX.length
        ? token
        : null,
    accountId: idOrNull(value.accountId),
    deviceId: idOrNull(value.deviceId),
    daemonDeviceId: idOrNull(value.daemonDeviceId),
    deviceName: text(value.deviceName, defaults.deviceName),
    briefLanguage: language,
    voice: parseVoice(value.voice, defaults.voice),
    formOfAddress: form || defaults.formOfAddress,
    llm: {
      baseUrl: httpAddressOr(llm.baseUrl, ''),
      apiKey: text(llm.apiKey, ''),
      model: text(llm.model, ''),
    },
    // Records from before "Your computer" have no field: the device's own endpoints, as before.
    questionModelSource: sourceOf(value.questionModelSource),
    speechRecognitionSource: sourceOf(value.speechRecognitionSource),
    computerDefaultsPending: value.computerDefaultsPending === true,
    speechRecognition: {
      baseUrl: httpAddressOr(stt.baseUrl, ''),
      apiKey: text(stt.apiKey, ''),
      model: text(stt.model, '').trim() || DEFAULT_TRANSCRIPTION_MODEL,
    },
    e2eKeyId:
      typeof value.e2eKeyId === 'string' && KEY_ID_PATTERN.test(value.e2eKeyId) ? value.e2eKeyId : null,
    e2eKey: typeof key === 'string' && isE2eKey(key) ? key : null,
    e2eFollowsDaemon: value.e2eFollowsDaemon === true,
    interfaceLanguage:
      value.interfaceLanguage === 'zh' || value.interfaceLanguage === 'en'
        ? value.interfaceLanguage
        : 'system',
    // Records from before background ringing existed have no field: off.
    backgroundRinging: value.backgroundRinging === true,
  };
}

function sourceOf(value: unknown): ServiceSource {
  return value === 'computer' ? 'computer' : 'direct';
}
