import type { DaemonReach, DaemonRequest, Presence } from '@ringback/protocol';

/** The tray's "Away from this computer" checkbox: shown only while the daemon answers. */
export type AwayState = { available: false } | { available: true; on: boolean };

export interface AwaySwitch {
  /** The daemon's view of presence after a report (null: it did not answer). */
  observe(presence: Presence | null): void;
  /** The user ticked (on) or cleared (back to the idle time: `auto`) the checkbox. */
  set(on: boolean): Promise<void>;
  state(): AwayState;
}

/**
 * Away set by hand from the tray: ticked is `away: on` (permission requests ring the phone
 * whatever the idle time), cleared is `auto` (the idle time decides again). The daemon keeps
 * the setting (`PUT /settings/permission-calls`), so `ringback away` and the phone see it too.
 */
export function createAwaySwitch(o: {
  daemon: { request(request: DaemonRequest): Promise<DaemonReach> };
  onChange: (state: AwayState) => void;
}): AwaySwitch {
  let current: AwayState = { available: false };
  const change = (next: AwayState) => {
    if (JSON.stringify(next) === JSON.stringify(current)) return;
    current = next;
    o.onChange(current);
  };
  return {
    observe: (presence) =>
      change(
        presence
          ? { available: true, on: presence.signal === 'manual' && presence.away }
          : { available: false },
      ),
    async set(on) {
      const reach = await o.daemon
        .request({ method: 'PUT', path: '/settings/permission-calls', body: { away: on ? 'on' : 'auto' } })
        .catch(() => null);
      if (!reach?.ok || reach.status !== 200) {
        change({ available: false });
        return;
      }
      const away = (reach.body as { settings?: { away?: unknown } } | null)?.settings?.away;
      change({ available: true, on: away === 'on' });
    },
    state: () => current,
  };
}
