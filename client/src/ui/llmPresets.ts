export type LlmPresetId = 'openai' | 'openrouter' | 'deepseek' | 'ollama' | 'custom';
export type LlmPreset = { id: LlmPresetId; name: string; baseUrl: string };

/** Provider presets: picking one fills the base address; "custom" keeps what the user typed. */
export const LLM_PRESETS: LlmPreset[] = [
  { id: 'openai', name: 'OpenAI', baseUrl: 'https://api.openai.com/v1' },
  { id: 'openrouter', name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1' },
  { id: 'deepseek', name: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1' },
  { id: 'ollama', name: 'Ollama (local)', baseUrl: 'http://localhost:11434/v1' },
  { id: 'custom', name: 'Custom', baseUrl: '' },
];

/** Which preset a saved address belongs to, so the select shows it again. */
export function presetForUrl(baseUrl: string): LlmPresetId {
  const clean = baseUrl.trim().replace(/\/+$/, '');
  return LLM_PRESETS.find((preset) => preset.baseUrl && preset.baseUrl === clean)?.id ?? 'custom';
}
