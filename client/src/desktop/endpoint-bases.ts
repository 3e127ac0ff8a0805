import { fieldValue, findEngine, type TtsConfig, type TtsEngine } from '../speech';
import type { LocalSettings } from '../storage';

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

/** The platform addresses the engine itself names for this configuration (fixed hosts, a region's). */
function reachedBases(engine: TtsEngine, config: TtsConfig): string[] {
  return (engine.reaches?.(config) ?? []).map(baseOf).filter((base) => base !== null);
}

function voiceBases(settings: LocalSettings): string[] {
  const bases: string[] = [];
  for (const [engineId, stored] of Object.entries(settings.voice.configs)) {
    const engine = findEngine(engineId);
    if (!engine) continue;
    const config = { values: stored.values, model: stored.model, voice: stored.voice };
    bases.push(...reachedBases(engine, config));
    for (const field of engine.fields) {
      if (field.kind !== 'url') continue;
      const base = baseOf(fieldValue(engine, config, field.key));
      if (base) bases.push(base);
    }
    const request = stored.request as { url?: unknown } | undefined;
    if (engineId === 'custom' && typeof request?.url === 'string') {
      const origin = originOf(request.url);
      if (origin) bases.push(origin);
    }
  }
  // The chosen engine's platform even before anything of it was saved.
  const chosen = findEngine(settings.voice.engineId);
  const empty = { values: {}, model: '', voice: '' };
  if (chosen) bases.push(...reachedBases(chosen, empty));
  return bases;
}

/**
 * What main may reach for this page: the model for questions, the speech recognition endpoint and
 * every voice platform the settings name. Sent as the allow list at start and whenever these change.
 */
export function endpointBases(settings: LocalSettings): string[] {
  const bases = [
    baseOf(settings.llm.baseUrl),
    baseOf(settings.speechRecognition.baseUrl),
    ...voiceBases(settings),
  ].filter((base): base is string => base !== null);
  return [...new Set(bases)].sort();
}
