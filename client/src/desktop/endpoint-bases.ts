import { fieldValue, findEngine } from '../speech';
import type { LocalSettings } from '../storage';

/**
 * The voice platforms whose API lives at a fixed address (the address is the platform's, not
 * the user's): the engines' own constants, kept here as main's allow list needs them.
 */
const PLATFORM_BASES: Record<string, readonly string[]> = {
  tencent: ['https://tts.tencentcloudapi.com'],
  doubao: ['https://openspeech.bytedance.com'],
  gemini: ['https://generativelanguage.googleapis.com'],
  grok: ['https://api.x.ai'],
  qwen: ['https://dashscope.aliyuncs.com', 'https://dashscope-intl.aliyuncs.com'],
  minimax: ['https://api.minimax.cn', 'https://api.minimax.io'],
  elevenlabs: [
    'https://api.elevenlabs.io',
    'https://api.us.elevenlabs.io',
    'https://api.eu.residency.elevenlabs.io',
    'https://api.in.residency.elevenlabs.io',
    'https://api.sg.residency.elevenlabs.io',
  ],
};

/** An http(s) address as a base (no query, fragment or credentials), or null. */
function baseOf(address: string): string | null {
  // Placeholders of a custom request (`{{voice}}`) never reach the host or port.
  const text = address.replace(/\{\{[^}]*\}\}/g, 'x').trim();
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/** The origin only: a custom request's path is a template, so its whole host is allowed. */
function originOf(address: string): string | null {
  const base = baseOf(address);
  return base ? new URL(base).origin : null;
}

function voiceBases(settings: LocalSettings): string[] {
  const bases: string[] = [];
  for (const [engineId, stored] of Object.entries(settings.voice.configs)) {
    const engine = findEngine(engineId);
    if (!engine) continue;
    const config = { values: stored.values, model: stored.model, voice: stored.voice };
    bases.push(...(PLATFORM_BASES[engineId] ?? []));
    for (const field of engine.fields) {
      if (field.kind !== 'url') continue;
      const base = baseOf(fieldValue(engine, config, field.key));
      if (base) bases.push(base);
    }
    if (engineId === 'azure') {
      const region = fieldValue(engine, config, 'region').toLowerCase();
      if (/^[a-z0-9-]+$/.test(region)) bases.push(`https://${region}.tts.speech.microsoft.com`);
    }
    const request = stored.request as { url?: unknown } | undefined;
    if (engineId === 'custom' && typeof request?.url === 'string') {
      const origin = originOf(request.url);
      if (origin) bases.push(origin);
    }
  }
  // The chosen engine's fixed platform even before anything of it was saved.
  bases.push(...(PLATFORM_BASES[settings.voice.engineId] ?? []));
  return bases;
}

/**
 * What main may reach for this page: the model for questions and every voice
 * platform the settings name. Sent as the allow list at start and whenever these change.
 */
export function endpointBases(settings: LocalSettings): string[] {
  const bases = [baseOf(settings.llm.baseUrl), ...voiceBases(settings)].filter(
    (base): base is string => base !== null,
  );
  return [...new Set(bases)].sort();
}
