import { buildCallSegments, type CallSegment } from '@ringback/machines';
import { callPhrases } from '../../phrases';
import type { SynthesizeOptions, TtsConfig } from '../../speech';
import type { LocalSettings } from '../../storage';
import type { OpenedEvent } from './open-event';

/** Read when the computer could not write a brief, in the call's language: the report's own text follows it. */
export function noBriefLine(language: string): string {
  return callPhrases(language).noBrief;
}

/** The call exactly as it will play: the same segments the in-call player gets. */
export function callSegments(event: OpenedEvent): CallSegment[] {
  return buildCallSegments({
    brief: event.brief,
    reportText: event.plaintext.report.text,
    noBriefLine: noBriefLine(event.brief.language),
  });
}

export function callSentences(event: OpenedEvent): string[] {
  return callSegments(event).flatMap((segment) => segment.sentences);
}

/** The voice the user chose, for a call in `language`. */
export function speechOptionsFor(settings: LocalSettings, language: string): SynthesizeOptions {
  const engineId = settings.voice.engineId;
  const stored = settings.voice.configs[engineId] ?? { values: {}, model: '', voice: '' };
  // The stored request template is opaque JSON here; the custom engine checks it (templateProblem).
  const config = stored as TtsConfig;
  return { engineId, config, language, rate: settings.voice.rate };
}
