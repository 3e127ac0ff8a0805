import type { DesktopBridge, DesktopPairing, PairingOffer, ServiceInstallResult } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { createDesktopJoin, DAEMON_RETRY_MS, type JoinView } from './desktop-join';

const OFFER: PairingOffer = {
  serverUrl: 'https://relay.example',
  code: '123456',
  key: `k1_${'A'.repeat(43)}`,
  expiresAt: '2030-01-01T00:00:00Z',
  link: 'ringback://pair?x',
};

function harness(answers: DesktopPairing[], install: ServiceInstallResult = { ok: true, output: 'done' }) {
  const timers: { run: () => void; ms: number }[] = [];
  const views: JoinView[] = [];
  const offers: PairingOffer[] = [];
  let asked = 0;
  const daemon: Pick<DesktopBridge['daemon'], 'pairing' | 'installService'> = {
    pairing: async () => answers[Math.min(asked++, answers.length - 1)] as DesktopPairing,
    installService: async () => install,
  };
  const join = createDesktopJoin({
    daemon,
    onOffer: (offer) => offers.push(offer),
    onChange: (view) => views.push(view),
    timers: {
      set: (run, ms) => timers.push({ run, ms }),
      clear: () => timers.splice(0),
    },
  });
  return { join, timers, views, offers, asked: () => asked };
}

const notRunning: DesktopPairing = { ok: false, reason: 'not_running', message: 'connection refused' };

describe('joining through the daemon on this computer', () => {
  it('joins with the offer at once when the daemon answers', async () => {
    const h = harness([{ ok: true, offer: OFFER }]);
    await h.join.ask();
    expect(h.offers).toEqual([OFFER]);
    expect(h.join.view().step).toEqual({ kind: 'offered' });
    expect(h.timers).toEqual([]);
  });

  it('says the daemon is not running and asks again every 30 s until it answers', async () => {
    const h = harness([
      notRunning,
      { ok: false, reason: 'no_key', message: 'no key' },
      { ok: true, offer: OFFER },
    ]);
    await h.join.ask();
    expect(h.join.view().step).toEqual({ kind: 'missing', message: 'connection refused' });
    expect(h.timers.map((timer) => timer.ms)).toEqual([DAEMON_RETRY_MS]);
    h.timers.shift()?.run();
    await Promise.resolve();
    await Promise.resolve();
    expect(h.join.view().step).toEqual({ kind: 'missing', message: 'no key' });
    h.timers.shift()?.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.offers).toEqual([OFFER]);
    expect(h.asked()).toBe(3);
  });

  it('does not ask again by itself after a refusal', async () => {
    const h = harness([{ ok: false, reason: 'refused', message: 'key mismatch' }]);
    await h.join.ask();
    expect(h.join.view().step).toEqual({ kind: 'refused', message: 'key mismatch' });
    expect(h.timers).toEqual([]);
  });

  it('installs the login service and asks again at once; a failure is kept in words', async () => {
    const h = harness([notRunning, { ok: true, offer: OFFER }]);
    await h.join.ask();
    await h.join.install();
    expect(h.join.view().install).toEqual({ kind: 'installed', output: 'done' });
    expect(h.offers).toEqual([OFFER]);

    const failing = harness([notRunning], { ok: false, reason: 'no_node', message: 'node 18 found' });
    await failing.join.ask();
    await failing.join.install();
    expect(failing.join.view().install).toEqual({
      kind: 'failed',
      reason: 'no_node',
      message: 'node 18 found',
    });
    expect(failing.views.some((view) => view.install.kind === 'busy')).toBe(true);
  });

  it('stops asking once stopped', async () => {
    const h = harness([notRunning]);
    await h.join.ask();
    h.join.stop();
    expect(h.timers).toEqual([]);
  });
});
