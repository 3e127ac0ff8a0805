import type { DeliveryAttempt } from '@ringback/machines';
import type { EventReport } from '@ringback/protocol';
import type { generateBrief as GenerateBrief } from '../brief/generate-brief';
import { currentBriefLanguage } from '../config/brief-language';
import type { ComputerLanguage } from '../config/computer-language';
import type { ConfigStore } from '../config/config-store';
import { readE2eKey } from '../config/e2e-key';
import { readLlmChannel } from '../config/llm-channel';
import type { Logger } from '../log/logger';
import { postDaemonEvent } from '../relay/post-daemon-event';
import { readRelayTarget } from '../relay/relay-target';
import { sealAgentEvent } from '../relay/seal-agent-event';
import type { OutboxStore } from './outbox-store';

export interface EntryEffectsDeps {
  dataDir: string;
  store: OutboxStore;
  config: ConfigStore;
  logger: Logger;
  /** The brief follows it when no app has set a language. */
  computerLanguage: ComputerLanguage;
  generateBrief: typeof GenerateBrief;
}

/** What an outbox entry's machine invokes: generate its brief, deliver it. */
export interface EntryEffects {
  /**
   * Resolves once the brief is durable. `signal` aborts on shutdown: the entry then stays to be
   * generated after the restart.
   */
  generate(eventId: string, signal?: AbortSignal): Promise<void>;
  /** One attempt; `notReady` (nothing sent) when not logged in to a relay or without a key. */
  deliver(eventId: string): Promise<DeliveryAttempt>;
}

/** What the brief is made from: a tracker task's words under its issue's identifier and title. */
function briefInputOf(report: EventReport): string {
  if (report.source !== 'tracker') return report.text;
  return `${report.identifier} ${report.title}\n\n${report.text}`;
}

export function createEntryEffects(deps: EntryEffectsDeps): EntryEffects {
  const { store, config, logger } = deps;
  return {
    async generate(eventId, signal) {
      const payload = await store.readPayload(eventId);
      // A brief written just before a crash is kept: a generated report is never regenerated.
      if (payload.brief) return;
      const current = config.read();
      const brief = await deps.generateBrief(
        { source: payload.report.source, text: briefInputOf(payload.report) },
        {
          channel: readLlmChannel(current),
          language: (await currentBriefLanguage(current, deps.computerLanguage)).language,
          log: logger,
          ...(signal ? { signal } : {}),
        },
      );
      // Stopped mid-call: the brief says "aborted", which is no outcome to keep.
      if (signal?.aborted) throw new Error('generation stopped by shutdown');
      if (brief.status === 'failed') logger.warn(`brief for ${eventId} failed: ${brief.reason}`);
      await store.saveBrief(payload, brief);
    },

    async deliver(eventId) {
      const target = await readRelayTarget(deps.dataDir, config.read());
      if (!target) return { notReady: 'not logged in to a relay yet' };
      const e2e = readE2eKey(config);
      if (!e2e) return { notReady: 'no end-to-end key is set' };
      const { path, body } = await sealAgentEvent(await store.readPayload(eventId), e2e.key);
      return postDaemonEvent(target, path, body);
    },
  };
}
