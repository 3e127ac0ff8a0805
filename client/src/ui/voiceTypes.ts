/** What the voice settings page needs to know about each engine; the lead builds it from the TtsEngine list. */
export type VoiceField = {
  id: string;
  label: string;
  kind: 'text' | 'secret' | 'url' | 'select';
  options?: { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
};
export type VoiceOption = { id: string; name: string };
export type VoiceEngine = {
  id: string;
  name: string;
  /** e.g. 'on-device' | 'cloud' | 'custom'; 'custom' shows the cURL import. */
  category: string;
  fields: VoiceField[];
  models: VoiceOption[];
  voices: VoiceOption[];
  /** A voice id typed by the user is allowed besides the listed ones. */
  allowsCustomVoice?: boolean;
  /** The platform can list the account's voices (its own and cloned ones). */
  canListVoices?: boolean;
  /** null: the engine has no speed parameter. */
  rateRange: { min: number; max: number } | null;
  /** e.g. which brief locales this engine cannot speak. */
  supportNote?: string;
};

/** One value found in a pasted cURL command (a JSON string, a query value, …). */
export type CurlCandidate = { id: string; label: string };
export type CurlImportResult = {
  candidates: CurlCandidate[];
  /** The parser's guesses, as candidate ids. */
  sentence?: string;
  voice?: string;
  speed?: string;
};
export type CurlMapping = {
  curl: string;
  sentence: string | null;
  voice: string | null;
  speed: string | null;
};

export type VoiceValues = {
  engineId: string;
  /** Field id → value; an empty secret keeps the saved one. */
  fields: Record<string, string>;
  model: string;
  voice: string;
  /** 0.5 – 2 */
  rate: number;
  curl?: CurlMapping;
};

export const MIN_RATE = 0.5;
export const MAX_RATE = 2;
