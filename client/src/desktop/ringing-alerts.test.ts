import type { CallQueueView } from '@ringback/machines';
import type { RingingCall } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import type { OpenedEvent } from '../app/session/open-event';
import { translatorFor } from '../i18n';
import { createRingingAlerts, ringingCallsOf } from './ringing-alerts';

const queue = (calls: Record<string, string>) =>
  ({
    context: {
      calls: Object.fromEntries(
        Object.entries(calls).map(([eventId, state]) => [
          eventId,
          { report: { eventId, occurredAt: 0, priority: 'none', updatedAt: 0 }, state, learnedAt: 0 },
        ]),
      ),
    },
  }) as unknown as CallQueueView;

const opened = {
  eventId: 'e1',
  brief: { status: 'ready', spoken: 'I fixed the login bug, captain. All tests pass.' },
  plaintext: { report: { source: 'claude-code', cwd: '/home/dev/billing-api', text: 'Fixed it.' } },
} as unknown as OpenedEvent;

describe('desktop call alerts', () => {
  it('names a ringing call as the service worker does: caller · project, and the first sentence', () => {
    const calls = ringingCallsOf(
      queue({ e1: 'ringing', e2: 'queued', e3: 'ringing' }),
      (id) => (id === 'e1' ? opened : undefined),
      translatorFor('zh'),
    );
    expect(calls).toEqual([
      { eventId: 'e1', title: 'Claude Code · billing-api', body: 'I fixed the login bug, captain.' },
      { eventId: 'e3', title: '来电', body: '打开 Ringback 接听。' },
    ]);
  });

  it('tells main once when each call starts ringing and once when it stops', async () => {
    const said: string[] = [];
    const alerts = createRingingAlerts({
      ringing: async (call: RingingCall) => {
        said.push(`ringing ${call.eventId}`);
      },
      stopped: async (eventId: string) => {
        said.push(`stopped ${eventId}`);
      },
    });
    const call = (eventId: string) => ({ eventId, title: 't', body: 'b' });
    alerts.follow([call('e1')]);
    alerts.follow([call('e1')]);
    alerts.follow([call('e1'), call('e2')]);
    alerts.follow([call('e2')]);
    alerts.stopAll();
    expect(said).toEqual(['ringing e1', 'ringing e2', 'stopped e1', 'stopped e2']);
  });
});
