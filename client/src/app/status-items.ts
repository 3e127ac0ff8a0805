import type { Translate } from '../i18n';
import { findEngine, missingSetting, onDeviceSupport } from '../speech';
import { hasE2eKey, type LocalSettings } from '../storage';
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
  /** The interface language's words; English as it is by default. */
  t: Translate = (english, values) =>
    english.replace(/\{(\w+)\}/g, (whole, name: string) => String(values?.[name] ?? whole)),
): StatusItem[] {
  const items: StatusItem[] = [
    connection === 'connected' && !schedule.mayRing
      ? { tone: 'warn', text: t('Connected; ring schedule: {text}', { text: schedule.text }) }
      : connection === 'connected'
        ? { tone: 'ok', text: t('Connected: calls ring here') }
        : connection === 'connecting'
          ? { tone: 'warn', text: t('Connecting to the relay…') }
          : { tone: 'error', text: t('Offline: reconnecting to the relay') },
  ];
  if (!hasE2eKey(settings))
    items.push({ tone: 'error', text: t('No end-to-end key: calls cannot be opened here') });
  const options = speechOptionsFor(settings, language);
  const engine = findEngine(options.engineId);
  const missing = engine ? missingSetting(engine, options.config) : 'engine';
  if (!engine || missing) {
    items.push({
      tone: 'error',
      text: t('The voice needs a setting ({missing}): calls cannot ring until it is set', {
        missing: String(missing),
      }),
    });
  } else if (engine.id === 'on-device') {
    const support = onDeviceSupport(language);
    items.push(
      support.supported
        ? {
            tone: 'ok',
            text: support.note
              ? t('Voice: on-device ({language}) — {note}', { language, note: support.note })
              : t('Voice: on-device ({language})', { language }),
          }
        : {
            tone: 'warn',
            text: support.note ?? t('The on-device voice cannot speak {language}', { language }),
          },
    );
  } else {
    items.push({ tone: 'ok', text: t('Voice: {name}', { name: engine.name }) });
  }
  const llm = settings.llm;
  items.push(
    settings.questionModelSource === 'computer'
      ? { tone: 'ok', text: t('Questions answered by your computer’s model') }
      : llm.baseUrl && llm.model
        ? { tone: 'ok', text: t('Questions answered by {model}', { model: llm.model }) }
        : { tone: 'warn', text: t('No model for questions: set one under Settings › Language model') },
  );
  return items;
}
