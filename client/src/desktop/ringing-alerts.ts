import type { CallQueueView } from '@ringback/machines';
import type { DesktopBridge, RingingCall } from '@ringback/protocol';
import { callerName, callPreview, callSubtitle } from '../app/call-labels';
import type { OpenedEvent } from '../app/session/open-event';
import type { Translate } from '../i18n';

/** The calls ringing now, as the native notification shows them: the service worker's words. */
export function ringingCallsOf(
  queue: CallQueueView,
  opened: (eventId: string) => OpenedEvent | undefined,
  t: Translate,
): RingingCall[] {
  return Object.values(queue.context.calls)
    .filter((call) => call.state === 'ringing')
    .map(({ report: { eventId } }) => {
      const event = opened(eventId);
      if (!event) return { eventId, title: t('Incoming call'), body: t('Open Ringback to answer.') };
      const { report } = event.plaintext;
      return {
        eventId,
        title: `${callerName(report)} · ${callSubtitle(report)}`,
        body: callPreview(event.brief, report.text),
      };
    });
}

/**
 * Tells main when a call starts ringing and when it stops, whatever stopped it (answered here,
 * declined, taken on another device, missed): each call once each way.
 */
export function createRingingAlerts(calls: Pick<DesktopBridge['calls'], 'ringing' | 'stopped'>) {
  let shown = new Set<string>();
  const failed = (error: unknown) => console.warn('ringback: the desktop alert failed', error);
  return {
    follow(ringing: readonly RingingCall[]): void {
      const now = new Set(ringing.map((call) => call.eventId));
      for (const call of ringing) if (!shown.has(call.eventId)) calls.ringing(call).catch(failed);
      for (const eventId of shown) if (!now.has(eventId)) calls.stopped(eventId).catch(failed);
      shown = now;
    },
    /** The session ended (signed out, window closing): nothing rings any more. */
    stopAll(): void {
      for (const eventId of shown) calls.stopped(eventId).catch(failed);
      shown = new Set();
    },
  };
}
