import { findEngine, missingSetting, onDeviceSupport } from '../speech';
import type { LocalSettings } from '../storage';
import type { StatusItem } from '../ui';
import { speechOptionsFor } from './session/call-speech';
import type { ConnectionState } from './session/ringback-session';

/** What the idle page says about ringing: connected or not, and what is still missing. */
export function statusItems(
  connection: ConnectionState,
  settings: LocalSettings,
  language: string,
  /** The ring schedule's word on ringing now: while silent, calls wait as missed calls. */
  schedule: { mayRing: boolean; text: string } = { mayRing: true, text: '' },
): StatusItem[] {
  const items: StatusItem[] = [
    connection === 'connected' && !schedule.mayRing
      ? { tone: 'warn', text: `Connected; ring schedule: ${schedule.text}` }
      : connection === 'connected'
        ? { tone: 'ok', text: 'Connected: calls ring here' }
        : connection === 'connecting'
          ? { tone: 'warn', text: 'Connecting to the relay…' }
          : { tone: 'error', text: 'Offline: reconnecting to the relay' },
  ];
  if (!settings.e2eKey) items.push({ tone: 'error', text: 'No end-to-end key: calls cannot be opened here' });
  const options = speechOptionsFor(settings, language);
  const engine = findEngine(options.engineId);
  const missing = engine ? missingSetting(engine, options.config) : 'engine';
  if (!engine || missing) {
    items.push({
      tone: 'error',
      text: `The voice needs a setting (${missing}): calls cannot ring until it is set`,
    });
  } else if (engine.id === 'on-device') {
    const support = onDeviceSupport(language);
    items.push(
      support.supported
        ? { tone: 'ok', text: `Voice: on-device (${language})${support.note ? ` — ${support.note}` : ''}` }
        : { tone: 'warn', text: support.note ?? `The on-device voice cannot speak ${language}` },
    );
  } else {
    items.push({ tone: 'ok', text: `Voice: ${engine.name}` });
  }
  const llm = settings.llm;
  items.push(
    llm.baseUrl && llm.model
      ? { tone: 'ok', text: `Questions answered by ${llm.model}` }
      : { tone: 'warn', text: 'No model for questions: set one under Settings › Language model' },
  );
  return items;
}
