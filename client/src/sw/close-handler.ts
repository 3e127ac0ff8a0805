import type { SwDevice } from './device-reader';

export interface CloseDeps {
  readDevice(): Promise<SwDevice | null>;
  /** `POST /v1/events/:id/quiet`: no more re-alerts of the call for this device. */
  quiet(device: SwDevice['record'], eventId: string): Promise<unknown>;
  /** The missed calls shown changed: the app icon's badge counts them again. */
  recountBadge(): Promise<void>;
}

/** What a dismissal did, for the worker's tests. */
export type CloseOutcome = 'quieted' | 'recounted' | 'ignored';

/**
 * The user swiped a notification away (the browser fires `notificationclose` only for that, not
 * when the worker replaces or closes one). For a ringing call it declines nothing, but the relay
 * is told to stop re-alerting this device: the user saw it and chose not to take it now. The call
 * stays pending everywhere and its last push (missed or ended) still comes. A failure is ignored:
 * the next re-alert simply rings again. A missed call swiped away no longer counts on the badge.
 */
export async function handleNotificationClose(data: unknown, deps: CloseDeps): Promise<CloseOutcome> {
  const { eventId, kind } = (data ?? {}) as { eventId?: unknown; kind?: unknown };
  if (kind === 'missed') {
    await deps.recountBadge().catch(() => {});
    return 'recounted';
  }
  if (kind !== 'ring' || typeof eventId !== 'string') return 'ignored';
  const device = await deps.readDevice().catch(() => null);
  if (!device) return 'ignored';
  await deps.quiet(device.record, eventId).catch(() => {});
  return 'quieted';
}
